import { BUNDLE_FILENAME_PATTERN, type BundleProgress } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bundleFileUrl, checkBundleLink, downloadAddress, type LinkState } from '../api/bundle-link';
import { fetchBundleProgress, PROGRESS_POLL_MS } from '../api/bundle-progress';
import { downloadUrl } from '../../../shared/ui/save-blob';

export interface BundleLinkView {
  state: LinkState | 'checking';
  url: string;
  /** While the bundle's converted files are made (issue 21.4): how many of all are done. */
  progress: BundleProgress | null;
}

/**
 * Spec 2.8: checks the link, then starts the download once. A name that cannot be a bundle's is
 * invalid without asking the server. Issue 21.4: a bundle whose converted files are still being
 * made is 'preparing'; its progress is asked for every second, and once every file is made (or
 * has failed) the link is valid and the download starts as usual.
 */
export function useBundleLink(filename: string): BundleLinkView {
  const wellFormed = BUNDLE_FILENAME_PATTERN.test(filename);
  const check = useQuery({
    queryKey: ['bundleLink', filename],
    queryFn: ({ signal }) => checkBundleLink(filename, signal),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
  const preparing = check.data === 'preparing';
  const progress = useQuery({
    queryKey: ['bundleProgress', filename],
    queryFn: ({ signal }) => fetchBundleProgress(filename, signal),
    enabled: preparing,
    refetchInterval: (query) => (query.state.data?.ready ? false : PROGRESS_POLL_MS),
    // A failed poll is asked again a few times rather than ending the wait at once.
    retry: 3,
    retryDelay: PROGRESS_POLL_MS,
  });
  const ready = preparing && progress.data?.ready === true;
  const state: LinkState | 'checking' = !wellFormed
    ? 'invalid'
    : ready
      ? 'valid'
      : (check.data ?? 'checking');
  const url = bundleFileUrl(filename);

  // Once per link, also when React runs effects twice in development or the page re-renders.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (state === 'valid' && started.current !== url) {
      started.current = url;
      void downloadAddress(filename).then(downloadUrl);
    }
  }, [state, url, filename]);

  return { state, url, progress: preparing ? (progress.data ?? null) : null };
}
