import {
  MEDIA_TYPE_IDS,
  NEW_WITHIN_DAYS,
  ORIENTATIONS,
  RESULT_SORTS,
  VIEW_CODES,
  type MediaType,
  type Orientation,
  type ResultSort,
  type ViewCode,
} from '@mediabox/contract';

/**
 * Issue 22.2: the result filters and sort of a search live in the URL, so a filtered search can
 * be shared and the back button restores it: `?fmt=1100,1200&view=C1C1&orient=square&gtin=with
 * &new=1&from=2026-01-01&to=2026-01-31&sort=newest`. Values the server would refuse are dropped,
 * so an edited link never shows an error.
 */
export const RESULT_FILTER_PARAMS = {
  mediaTypes: 'fmt',
  views: 'view',
  orientation: 'orient',
  gtin: 'gtin',
  newest: 'new',
  dateFrom: 'from',
  dateTo: 'to',
  sort: 'sort',
} as const;

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

const listOf = (search: URLSearchParams, name: string) =>
  (search.get(name) ?? '').split(',').filter((part) => part !== '');
const unique = <T>(values: T[]) => [...new Set(values)];
const isDay = (text: string | null): text is string => {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
};

export function parseResultFilters(search: URLSearchParams): ResultFilterState {
  const p = RESULT_FILTER_PARAMS;
  const gtin = search.get(p.gtin);
  const sort = search.get(p.sort);
  let dateFrom = search.get(p.dateFrom);
  let dateTo = search.get(p.dateTo);
  if (!isDay(dateFrom)) dateFrom = null;
  if (!isDay(dateTo)) dateTo = null;
  // A reversed range is read the right way round rather than refused.
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    mediaTypes: unique(
      listOf(search, p.mediaTypes)
        .map(Number)
        .filter((id): id is MediaType => MEDIA_TYPE_IDS.includes(id as MediaType)),
    ).sort((a, b) => a - b),
    views: unique(
      listOf(search, p.views).filter((code): code is ViewCode => VIEW_CODES.includes(code as ViewCode)),
    ).sort(),
    orientation: unique(
      listOf(search, p.orientation).filter((name): name is Orientation =>
        ORIENTATIONS.includes(name as Orientation),
      ),
    ).sort(),
    gtin: gtin === 'with' || gtin === 'without' ? gtin : undefined,
    newest: search.get(p.newest) === '1',
    dateFrom: dateFrom ?? undefined,
    dateTo: dateTo ?? undefined,
    sort: RESULT_SORTS.includes(sort as ResultSort) ? (sort as ResultSort) : 'relevance',
  };
}

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
