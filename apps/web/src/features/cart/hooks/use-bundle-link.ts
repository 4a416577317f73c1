import { BUNDLE_FILENAME_PATTERN } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bundleFileUrl, checkBundleLink, downloadAddress, type LinkState } from '../api/bundle-link';
import { downloadUrl } from '../../../shared/ui/save-blob';

/**
 * Spec 2.8: checks the link, then starts the download once. A name that cannot be a bundle's is
 * invalid without asking the server.
 */
export function useBundleLink(filename: string): { state: LinkState | 'checking'; url: string } {
  const wellFormed = BUNDLE_FILENAME_PATTERN.test(filename);
  const check = useQuery({
    queryKey: ['bundleLink', filename],
    queryFn: ({ signal }) => checkBundleLink(filename, signal),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
  const state: LinkState | 'checking' = !wellFormed ? 'invalid' : (check.data ?? 'checking');
  const url = bundleFileUrl(filename);

  // Once per link, also when React runs effects twice in development or the page re-renders.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (state === 'valid' && started.current !== url) {
      started.current = url;
      void downloadAddress(filename).then(downloadUrl);
    }
  }, [state, url, filename]);

  return { state, url };
}
