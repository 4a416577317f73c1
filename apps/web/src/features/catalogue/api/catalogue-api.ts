import { MAIN_MEDIA_TYPE, endpoints, type RemovalRequest } from '@mediabox/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { catalogueKeys } from './catalogue-keys';
import { containerAssetsQuery, nodeQuery, searchQuery, type SearchParams } from './catalogue-queries';
import { searchNarrowing } from '../lib/result-filters-of-url';

export function useNode(id: number | undefined) {
  return useQuery({ ...nodeQuery(id ?? 0), enabled: id !== undefined });
}

export function useContainerAssets(containerId: number) {
  return useInfiniteQuery(containerAssetsQuery(containerId));
}

/** The first few assets of a container, for the asset page's "more from this category" strip. */
export function useContainerPreview(containerId: number | undefined, limit: number) {
  return useQuery({
    queryKey: [...catalogueKeys.assets(containerId ?? 0), 'preview', limit],
    queryFn: ({ signal }) =>
      api(endpoints.assets, {
        params: { containerId: containerId ?? 0 },
        query: { offset: 0, limit },
        signal,
      }),
    enabled: containerId !== undefined,
  });
}

export function useAsset(id: number) {
  return useQuery({
    queryKey: catalogueKeys.asset(id),
    queryFn: ({ signal }) => api(endpoints.asset, { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export function useSearch(params: SearchParams, enabled = true) {
  const narrowing = params.filters ? searchNarrowing(params.filters) : undefined;
  return useInfiniteQuery({
    ...searchQuery(params, narrowing),
    enabled: enabled && params.query.trim().length > 0,
  });
}

/** Hits of a query in every country, asked only when the visitor wants to search them all (issue 19.13). */
export function useSearchCountries(query: string, enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.searchCountries(query),
    queryFn: ({ signal }) => api(endpoints.searchCountries, { body: { query }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Spec 7.2 removal request; every cached view of the asset learns about its new state. */
export function useRemovalRequest(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api(endpoints.requestRemoval, {
        params: { id: assetId },
        body: { assetId, reason } satisfies RemovalRequest,
      }),
    // Categories do not change with a removal request; assets, lists and searches do.
    onSuccess: () =>
      client.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'catalogue' && queryKey[1] !== 'node',
      }),
  });
}

export const isMainAsset = (mediaType: number) => mediaType === MAIN_MEDIA_TYPE;
