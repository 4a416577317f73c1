import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchBundleContents } from '../api/bundle-contents';

/**
 * The share page's list, asked for once the link has proved valid (the zip's check decides 404/410)
 * or to be still preparing its converted files (issue 21.4). `ready` is part of the key: when the
 * last file is made the list is asked for again, with every file's size and download.
 */
export function useBundleContents(filename: string, valid: boolean, ready = true) {
  return useQuery({
    queryKey: ['bundleContents', filename, ready],
    queryFn: () => fetchBundleContents(filename),
    enabled: valid,
    // The list stays on screen while it is asked for again.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}
