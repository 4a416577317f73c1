import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { usePreference } from '../../../shared/preferences';
import type { SearchParams } from '../api/catalogue-queries';
import { searchOfRoute } from '../lib/search-of-route';

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
    return searchOfRoute(param, new URLSearchParams(cat ? { cat } : {}), country);
  }, [pathname, param, country, cat]);
}
