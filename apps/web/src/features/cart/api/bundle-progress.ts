import { endpoints, type BundleProgress } from '@mediabox/contract';
import { api } from '../../../shared/api/client';

/** How often a bundle's progress is asked for while its converted files are made. */
export const PROGRESS_POLL_MS = 1000;

/**
 * `GET /api/download/{filename}/progress` (issue 21.4): how many of a bundle's files are made. Like
 * the zip it needs no sign-in (the name is the key), and asking records nothing.
 */
export const fetchBundleProgress = (filename: string, signal?: AbortSignal): Promise<BundleProgress> =>
  api(endpoints.bundleProgress, { params: { filename }, skipAuthHandling: true, signal });

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * Asks for the progress every second until every file is made or has failed, telling each answer to
 * `onProgress`; answers the last one. Stops (rejects) when `signal` aborts, e.g. the page is left.
 */
export async function waitUntilReady(
  filename: string,
  onProgress: (progress: BundleProgress) => void,
  signal?: AbortSignal,
): Promise<BundleProgress> {
  for (;;) {
    const progress = await fetchBundleProgress(filename, signal);
    onProgress(progress);
    if (progress.ready) return progress;
    await pause(PROGRESS_POLL_MS, signal);
  }
}
