import { endpoints, type RecipientLink } from '@mediabox/contract';
import { api } from '../../../shared/api/client';

/** What the sender can do with a recipient's own link (issue 20.2). */
export type LinkAction = 'revoke' | 'extend' | 'resend';

const ENDPOINTS = {
  revoke: endpoints.linkRevoke,
  extend: endpoints.linkExtend,
  resend: endpoints.linkResend,
} as const;

/** `POST /api/links/{name}/revoke|extend|resend`: answers the link as it is now. */
export async function runLinkAction(action: LinkAction, name: string): Promise<RecipientLink> {
  return (await api(ENDPOINTS[action], { params: { name } })).link;
}
