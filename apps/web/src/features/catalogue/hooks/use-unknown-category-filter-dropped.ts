import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchParams } from '../api/catalogue-queries';
import { parseCategoryFilter, withCategoryFilter } from '../lib/category-filter';

/**
 * Takes category ids that the search left out (not top categories of the country, e.g. after a
 * switch of country, issue 19.6) out of the URL too, so that it names the search that ran.
 */
export function useUnknownCategoryFilterDropped(search: SearchParams | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inUrl = parseCategoryFilter(searchParams);
  const dropped = search !== undefined && inUrl.length !== search.categories.length;
  useEffect(() => {
    if (dropped) setSearchParams(withCategoryFilter(searchParams, search.categories), { replace: true });
  }, [dropped, search, searchParams, setSearchParams]);
}
