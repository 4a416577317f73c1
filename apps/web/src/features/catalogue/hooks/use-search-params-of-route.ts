import { COUNTRY_ROOTS } from '@mediabox/contract';
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { queryFromSearchParam } from '../../../shared/routing/paths';
import { usePreference } from '../../../shared/preferences';
import type { SearchParams } from '../api/catalogue-api';
import { parseCategoryFilter } from '../lib/category-filter';

/**
 * What is being searched, read from the route (`/search/:query?cat=…`) and the country preference.
 * Usable from the page and from the drawer (layouts see the matched child's params). Undefined off
 * the search route.
 */
export function useSearchOfRoute(): SearchParams | undefined {
  const { pathname } = useLocation();
  const param = useParams().query;
  const [searchParams] = useSearchParams();
  const [country] = usePreference('country');
  const cat = searchParams.get('cat');
  return useMemo(() => {
    if (!pathname.startsWith('/search/') || !param) return undefined;
    return {
      query: queryFromSearchParam(param),
      rootId: COUNTRY_ROOTS[country],
      categories: parseCategoryFilter(new URLSearchParams(cat ? { cat } : {})),
    };
  }, [pathname, param, country, cat]);
}
