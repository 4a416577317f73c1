import {
  AdminLinksAnswer,
  AdminTakedownsAnswer,
  RecipientLinkAnswer,
  SendTakedownsAnswer,
  type RecipientLink,
  endpoints,
} from '@mediabox/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useAdminMutation } from './admin-api';
import { adminKeys, type LinksRequest } from './admin-keys';

/** `GET /api/admin/links`: every recipient's link, newest first, with its activity (issue 20.2). */
export async function fetchAdminLinks(query: LinksRequest, signal?: AbortSignal): Promise<AdminLinksAnswer> {
  return AdminLinksAnswer.parse(await api(endpoints.adminLinks, { query: { ...query }, signal }));
}

/** The sender's own route; a super user may revoke any link through it. Revoking twice changes nothing. */
export async function revokeLink(name: string): Promise<RecipientLink> {
  return RecipientLinkAnswer.parse(await api(endpoints.linkRevoke, { params: { name } })).link;
}

/** `GET /api/admin/takedowns`: the latest withdrawals and replaced files, and who still waits for a mail. */
export async function fetchTakedowns(signal?: AbortSignal): Promise<AdminTakedownsAnswer> {
  return AdminTakedownsAnswer.parse(await api(endpoints.adminTakedowns, { signal }));
}

/** Mails every pending takedown notice now instead of with tonight's digest; answers how many mails. */
export async function sendTakedowns(): Promise<number> {
  return SendTakedownsAnswer.parse(await api(endpoints.adminSendTakedowns)).mailed;
}

export function useAdminLinks(query: LinksRequest) {
  return useQuery({
    queryKey: adminKeys.links(query),
    queryFn: ({ signal }) => fetchAdminLinks(query, signal),
    // Paging and typing keep the old rows visible instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useTakedowns() {
  return useQuery({
    queryKey: adminKeys.takedowns(),
    queryFn: ({ signal }) => fetchTakedowns(signal),
  });
}

export const useRevokeLink = () => useAdminMutation(revokeLink);

export const useSendTakedowns = () => useAdminMutation(sendTakedowns);
