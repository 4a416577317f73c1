import { ErrorCodes, endpoints } from '@mediabox/contract';
import { ApiError, api } from '../../../shared/api/client';
import { bundleFileUrl } from '../../../shared/cart/bundle-address';

// In shared/cart since the catalogue's direct zip of a selection (issue 22.1) downloads alike.
export { bundleFileUrl, downloadAddress } from '../../../shared/cart/bundle-address';

export type LinkState = 'valid' | 'preparing' | 'invalid' | 'expired' | 'revoked' | 'unreachable';

/**
 * Asks whether the link still works before the download starts (HEAD: no body). 404 is an unknown
 * link, 410 an expired or revoked one; both read 'Ungültiger Link'. 409 is a bundle whose converted
 * files are still being made (issue 21.4): valid, but not yet to be downloaded. No bearer token: the
 * link works for guests.
 */
export async function checkBundleLink(filename: string, signal?: AbortSignal): Promise<LinkState> {
  let response: Response;
  try {
    response = await fetch(bundleFileUrl(filename), { method: 'HEAD', signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return 'unreachable';
  }
  if (response.ok) return 'valid';
  if (response.status === 409) return 'preparing';
  if (response.status === 410) return goneReason(filename, signal);
  if (response.status === 404 || response.status === 400) return 'invalid';
  return 'unreachable';
}

/**
 * Why a link is gone (410): a HEAD answer has no body to say, so the contents, which answer the same
 * 410, are asked for their error code. A link its sender revoked (issue 20.2) says so; anything
 * else, a failure to ask included, reads as expired.
 */
async function goneReason(filename: string, signal?: AbortSignal): Promise<LinkState> {
  try {
    await api(endpoints.bundleContents, { params: { filename }, skipAuthHandling: true, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (err instanceof ApiError && err.code === ErrorCodes.bundleRevoked) return 'revoked';
  }
  return 'expired';
}
