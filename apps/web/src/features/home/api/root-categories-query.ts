import { COUNTRY_ROOTS, type Country, endpoints } from '@mediabox/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/**
 * The country root with its children (`GET /api/node/{rootId}`). The key and staleTime match the
 * catalogue's node query (features/catalogue/api/catalogue-queries.ts; features do not import each
 * other), so the home cards and the drawer menu share one request and one cache entry.
 */
export const rootCategoriesQuery = (country: Country) => {
  const rootId = COUNTRY_ROOTS[country];
  return queryOptions({
    queryKey: ['catalogue', 'node', rootId],
    queryFn: ({ signal }) => api(endpoints.node, { params: { id: rootId }, signal }),
    staleTime: 10 * 60_000,
  });
};
