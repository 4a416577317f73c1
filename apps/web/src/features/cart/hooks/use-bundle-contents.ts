import { useQuery } from '@tanstack/react-query';
import { fetchBundleContents } from '../api/bundle-contents';

/** The share page's list, asked for once the link has proved valid (the zip's check decides 404/410). */
export function useBundleContents(filename: string, valid: boolean) {
  return useQuery({
    queryKey: ['bundleContents', filename],
    queryFn: () => fetchBundleContents(filename),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });
}
