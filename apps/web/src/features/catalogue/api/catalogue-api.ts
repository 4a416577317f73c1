import {
  MAIN_MEDIA_TYPE,
  SEARCH_PAGE_SIZE,
  type AssetAnswer,
  type AssetsAnswer,
  type NodeAnswer,
  type RemovalRequest,
  type SearchAnswer,
  type SuccessAnswer,
} from '@mediabox/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { trackSearch } from '../../../shared/tracking';
import { catalogueKeys } from './catalogue-keys';

/** Categories change rarely; spec 4 "nodes are fetched only if not already cached". */
export const NODE_STALE_MS = 10 * 60_000;
/** Container pages are larger than search pages: they are read in order, not ranked. */
export const CONTAINER_PAGE_SIZE = 200;

export function fetchNode(id: number, signal?: AbortSignal) {
  return apiRequest<NodeAnswer>(`/node/${id}`, { signal });
}

export function useNode(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.node(id ?? 0),
    queryFn: ({ signal }) => fetchNode(id!, signal),
    enabled: id !== undefined,
    staleTime: NODE_STALE_MS,
  });
}

/** Assets of one container, loaded page by page as the visitor scrolls. */
export function useContainerAssets(containerId: number) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.assets(containerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AssetsAnswer>(`/assets/${containerId}?offset=${pageParam}&limit=${CONTAINER_PAGE_SIZE}`, {
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.numberTotal ? loaded : undefined;
    },
  });
}

/** The first few assets of a container, for the asset page's "more from this category" strip. */
export function useContainerPreview(containerId: number | undefined, limit: number) {
  return useQuery({
    queryKey: [...catalogueKeys.assets(containerId ?? 0), 'preview', limit],
    queryFn: ({ signal }) =>
      apiRequest<AssetsAnswer>(`/assets/${containerId}?offset=0&limit=${limit}`, { signal }),
    enabled: containerId !== undefined,
  });
}

export function useAsset(id: number) {
  return useQuery({
    queryKey: catalogueKeys.asset(id),
    queryFn: ({ signal }) => apiRequest<AssetAnswer>(`/asset/${id}`, { signal }),
    select: (answer) => answer.data,
  });
}

export interface SearchParams {
  query: string;
  rootId: number;
  categories: readonly number[];
}

/** Spec 2.4 / 4: the first 50 results, further pages appended. */
export function useSearch({ query, rootId, categories }: SearchParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.search(query, rootId, categories),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiRequest<SearchAnswer>('/search/', {
        method: 'POST',
        signal,
        body: {
          query,
          offset: pageParam,
          limit: SEARCH_PAGE_SIZE,
          rootId,
          ...(categories.length > 0 ? { categories: [...categories] } : {}),
        },
      });
      // One search event per search the server ran: its first page, not the pages appended by
      // scrolling, and not an answer shown again from the cache.
      if (pageParam === 0) trackSearch({ query, resultCount: answer.numberTotal, categories, rootId });
      return answer;
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasNextPage ? pages.reduce((sum, page) => sum + page.results.length, 0) : undefined,
    enabled: enabled && query.trim().length > 0,
    // The drawer filter observes the same query after its chunk loads: it must not search again.
    staleTime: 60_000,
  });
}

/** Spec 7.2 removal request; every cached view of the asset learns about its new state. */
export function useRemovalRequest(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<SuccessAnswer>(`/asset/${assetId}`, {
        method: 'DELETE',
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
