import { endpoints, type ShareContentsAnswer } from '@mediabox/contract';
import { api } from '../../../shared/api/client';

/**
 * What a download link holds, for the share page (issue 20.1). Like the zip it needs no sign-in:
 * the unguessable file name is the key, so a guest's failure must not send them to the login.
 */
export const fetchBundleContents = (filename: string): Promise<ShareContentsAnswer> =>
  api(endpoints.bundleContents, { params: { filename }, skipAuthHandling: true });
