import { SEARCH_PAGE_SIZE, type AssetsAnswer, type SearchAnswer, endpoints } from '@mediabox/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { catalogueKeys } from './catalogue-keys';
import { CONTAINER_PAGE_SIZE } from './container-page-size';
import type { ResultFilterState, SearchNarrowing } from '../lib/result-filters-of-url';

/**
 * The catalogue's page queries as plain definitions, without hooks: the pages use them, and the
 * route table starts them while a page's code is still loading (app/routing/route-prefetch.ts).
 */

/** Categories change rarely; spec 4 "nodes are fetched only if not already cached". */
export const NODE_STALE_MS = 10 * 60_000;

export function fetchNode(id: number, signal?: AbortSignal) {
  return api(endpoints.node, { params: { id }, signal });
}

export const nodeQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.node(id),
    queryFn: ({ signal }) => fetchNode(id, signal),
    staleTime: NODE_STALE_MS,
  });

/** Assets of one container, loaded page by page as the visitor scrolls. */
export const containerAssetsQuery = (containerId: number) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.assets(containerId),
    queryFn: ({ pageParam, signal }) =>
      api(endpoints.assets, {
        params: { containerId },
        query: { offset: pageParam, limit: CONTAINER_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: AssetsAnswer, pages: AssetsAnswer[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.numberTotal ? loaded : undefined;
    },
  });

export interface SearchParams {
  query: string;
  rootId: number;
  categories: readonly number[];
  /** Issue 22.2: filters and sort beside the categories; none when absent. */
  filters?: ResultFilterState;
}

/** Spec 2.4 / 4: the first 50 results, further pages appended. */
export const searchQuery = (
  { query, rootId, categories }: SearchParams,
  narrowing: SearchNarrowing = { key: '' },
) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.search(query, rootId, categories, narrowing.key),
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api(endpoints.search, {
        signal,
        body: {
          query,
          offset: pageParam,
          limit: SEARCH_PAGE_SIZE,
          rootId,
          ...(categories.length > 0 ? { categories: [...categories] } : {}),
          ...(narrowing.filters ? { filters: narrowing.filters } : {}),
          ...(narrowing.sort ? { sort: narrowing.sort } : {}),
        },
      });
      // Usage tracking counts this search on the server, which ran it (issue 17.8).
      return answer;
    },
    initialPageParam: 0,
    getNextPageParam: (last: SearchAnswer, pages: SearchAnswer[]) =>
      last.hasNextPage ? pages.reduce((sum, page) => sum + page.results.length, 0) : undefined,
    // The drawer filter observes the same query after its chunk loads: it must not search again.
    staleTime: 60_000,
  });
