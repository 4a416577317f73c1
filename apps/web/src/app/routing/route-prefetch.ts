import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { containerAssetsQuery, nodeQuery, searchQuery } from '../../features/catalogue/api/catalogue-queries';
import { hasResultFilterParams } from '../../features/catalogue/lib/result-filter-params';
import { searchOfRoute } from '../../features/catalogue/lib/search-of-route';
import { rootCategoriesQuery } from '../../features/home/api/root-categories-query';
import { getStoredUser } from '../../shared/auth/user-store';
import { getPreference } from '../../shared/preferences';
import { isOrderPath } from '../../shared/routing/paths';
import { applyCountryQuery } from './route-loaders';

/**
 * Loaders that ask for a page's data while the page's code is still loading: a lazy page alone would
 * ask only once its chunk had arrived and rendered, one round trip later. They never wait for the
 * answer (the page shows its own loading state and reads the same cache entry), and ask only for a
 * signed-in user, whom the guard lets through.
 */
type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => void;

function prefetchLoader(client: QueryClient, prefetch: Prefetch) {
  return (args: LoaderFunctionArgs) => {
    if (getStoredUser()) prefetch(client, args);
    return null;
  };
}

/** Signed-in layout: the drawer's category menu (and the home cards) show the country root. */
export const prefetchDrawer = (client: QueryClient) =>
  prefetchLoader(client, (queryClient, { request }) => {
    const url = new URL(request.url);
    if (isOrderPath(url.pathname)) return;
    // The country the page will show: `?c=` is applied before the root is chosen, not after.
    applyCountryQuery(url.search);
    void queryClient.prefetchQuery(rootCategoriesQuery(getPreference('country')));
  });

/** `/{nodeId}` (already checked numeric): the node and the first page of its assets. */
export const prefetchCategory = (client: QueryClient) =>
  prefetchLoader(client, (queryClient, { params }) => {
    const nodeId = Number(params.nodeId);
    void queryClient.prefetchQuery(nodeQuery(nodeId));
    void queryClient.prefetchInfiniteQuery(containerAssetsQuery(nodeId));
  });

/** `/search/{query}`: the first page of results. */
export const prefetchSearch = (client: QueryClient) =>
  prefetchLoader(client, (queryClient, { params, request }) => {
    if (!params.query) return;
    const url = new URL(request.url);
    // Result filters and sort (issue 22.2) are read by the page's own chunk, which asks then.
    if (hasResultFilterParams(url.searchParams)) return;
    const search = searchOfRoute(params.query, url.searchParams, getPreference('country'));
    if (search.query.trim()) void queryClient.prefetchInfiniteQuery(searchQuery(search));
  });
