import {
  NEW_WITHIN_DAYS,
  type MediaType,
  type Orientation,
  type ResultSort,
  type SearchRequest,
  type ViewCode,
} from '@mediabox/contract';
import { RESULT_FILTER_PARAMS } from './result-filter-params';

/**
 * Issue 22.2: the result filters and sort of a search live in the URL, so a filtered search can
 * be shared and the back button restores it: `?fmt=1100,1200&gs1=C1C1&orient=square&gtin=with
 * &new=1&from=2026-01-01&to=2026-01-31&sort=newest` (read by parse-result-filters.ts, which
 * stays out of the first download). The route prefetch reads only whether any is set.
 */

export interface ResultFilterState {
  mediaTypes: MediaType[];
  views: ViewCode[];
  orientation: Orientation[];
  gtin: 'with' | 'without' | undefined;
  /** "Neu": created within NEW_WITHIN_DAYS days. */
  newest: boolean;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  sort: ResultSort;
}

export const NO_RESULT_FILTERS: ResultFilterState = {
  mediaTypes: [],
  views: [],
  orientation: [],
  gtin: undefined,
  newest: false,
  dateFrom: undefined,
  dateTo: undefined,
  sort: 'relevance',
};

/** A copy of `search` with the filters and sort set to `state` (defaults leave the URL). */
export function withResultFilters(search: URLSearchParams, state: ResultFilterState): URLSearchParams {
  const next = new URLSearchParams(search);
  const p = RESULT_FILTER_PARAMS;
  const set = (name: string, value: string | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  set(p.mediaTypes, state.mediaTypes.join(','));
  set(p.views, state.views.join(','));
  set(p.orientation, state.orientation.join(','));
  set(p.gtin, state.gtin);
  set(p.newest, state.newest ? '1' : undefined);
  set(p.dateFrom, state.dateFrom);
  set(p.dateTo, state.dateTo);
  set(p.sort, state.sort === 'relevance' ? undefined : state.sort);
  return next;
}

/** Whether any filter (not the sort) is set. */
export function hasResultFilters(state: ResultFilterState): boolean {
  return (
    state.mediaTypes.length + state.views.length + state.orientation.length > 0 ||
    state.gtin !== undefined ||
    state.newest ||
    state.dateFrom !== undefined ||
    state.dateTo !== undefined
  );
}

/** The search request's `filters`, or undefined when nothing is filtered. */
export function requestFilters(state: ResultFilterState) {
  if (!hasResultFilters(state)) return undefined;
  return {
    ...(state.mediaTypes.length > 0 ? { mediaTypes: state.mediaTypes } : {}),
    ...(state.views.length > 0 ? { views: state.views } : {}),
    ...(state.orientation.length > 0 ? { orientation: state.orientation } : {}),
    ...(state.gtin ? { gtin: state.gtin } : {}),
    ...(state.newest ? { newerThanDays: NEW_WITHIN_DAYS } : {}),
    ...(state.dateFrom ? { dateFrom: state.dateFrom } : {}),
    ...(state.dateTo ? { dateTo: state.dateTo } : {}),
  };
}

/** A stable text of the filters and sort, for the query key. */
export function resultFiltersKey(state: ResultFilterState): string {
  return withResultFilters(new URLSearchParams(), state).toString();
}

/**
 * A search's result filters and sort as the request carries them, and their text for the query key
 * ('' for none). Built by the search page's chunk (searchNarrowing), so that the first download,
 * which prefetches only unfiltered searches, carries no filter code.
 */
export interface SearchNarrowing {
  key: string;
  filters?: SearchRequest['filters'];
  sort?: ResultSort;
}

/** The search request's filters and sort of `state`, with the text that keys its query. */
export function searchNarrowing(state: ResultFilterState): SearchNarrowing {
  const filters = requestFilters(state);
  return {
    key: resultFiltersKey(state),
    ...(filters ? { filters } : {}),
    ...(state.sort !== 'relevance' ? { sort: state.sort } : {}),
  };
}
