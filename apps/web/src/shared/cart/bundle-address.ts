import { BundleLinkAnswer, endpoints } from '@mediabox/contract';
import { api, endpointUrl } from '../api/client';
import { getStoredUser } from '../auth/user-store';

/**
 * The download-by-link address of a bundle (spec 2.8, 7.4). It needs no sign-in: the unguessable
 * file name is the key. The browser fetches it itself (an anchor), so a large zip streams to disk
 * instead of being held in memory as a blob.
 */
export const bundleFileUrl = (filename: string) =>
  endpointUrl(endpoints.downloadBundle, { params: { filename } });

/**
 * The address to download from: for a signed-in user the same link signed for them, so the
 * download counts as theirs (the browser sends no bearer header with a plain link); for a guest, or
 * when asking fails, the plain link, which works for anyone holding it.
 */
export async function downloadAddress(filename: string): Promise<string> {
  if (!getStoredUser()) return bundleFileUrl(filename);
  try {
    const answer = await api(endpoints.bundleLink, {
      params: { filename },
      skipAuthHandling: true,
    });
    return BundleLinkAnswer.parse(answer).url;
  } catch {
    return bundleFileUrl(filename);
  }
}
