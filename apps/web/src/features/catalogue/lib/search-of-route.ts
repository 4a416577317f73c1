import { COUNTRY_ROOTS, type Country } from '@mediabox/contract';
import { queryFromSearchParam } from '../../../shared/routing/paths';
import type { SearchParams } from '../api/catalogue-queries';
import { parseCategoryFilter } from './category-filter';

/** What `/search/{param}?cat=…` searches in `country`: the page, the drawer and the route prefetch agree. */
export function searchOfRoute(param: string, search: URLSearchParams, country: Country): SearchParams {
  return {
    query: queryFromSearchParam(param),
    rootId: COUNTRY_ROOTS[country],
    categories: parseCategoryFilter(search),
  };
}
