import { COUNTRY_ROOTS } from '@mediabox/contract';
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { usePreference } from '../../../shared/preferences';
import { useNode } from '../api/catalogue-api';
import type { SearchParams } from '../api/catalogue-queries';
import { knownCategoryFilter } from '../lib/category-filter';
import { parseResultFilters } from '../lib/parse-result-filters';
import { searchOfRoute } from '../lib/search-of-route';

/**
 * What is being searched, read from the route (`/search/:query?cat=…`) and the country preference.
 * Usable from the page and from the drawer (layouts see the matched child's params). Undefined off
 * the search route. Category ids that are not top categories of the country are left out (they
 * stay in the URL after a country switch until useUnknownCategoryFilterDropped removes them).
 */
export function useSearchOfRoute(): SearchParams | undefined {
  const { pathname } = useLocation();
  const param = useParams().query;
  const [searchParams] = useSearchParams();
  const [country] = usePreference('country');
  const cat = searchParams.get('cat');
  // The whole query string: the result filters (issue 22.2) live there too.
  const queryString = searchParams.toString();
  const onSearch = pathname.startsWith('/search/') && Boolean(param);
  // The drawer's category menu reads the same node, so this is usually answered from the cache.
  const root = useNode(onSearch && cat ? COUNTRY_ROOTS[country] : undefined);
  const topCategoryIds = useMemo(
    () => (root.data ? new Set(root.data.children.map((child) => child.id)) : undefined),
    [root.data],
  );
  return useMemo(() => {
    if (!onSearch || !param) return undefined;
    const all = new URLSearchParams(queryString);
    const search = searchOfRoute(param, all, country);
    return {
      ...search,
      categories: knownCategoryFilter(search.categories, topCategoryIds),
      filters: parseResultFilters(all),
    };
  }, [onSearch, param, country, queryString, topCategoryIds]);
}
