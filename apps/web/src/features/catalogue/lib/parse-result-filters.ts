import {
  MEDIA_TYPE_IDS,
  ORIENTATIONS,
  RESULT_SORTS,
  VIEW_CODES,
  type MediaType,
  type Orientation,
  type ResultSort,
  type ViewCode,
} from '@mediabox/contract';
import { RESULT_FILTER_PARAMS } from './result-filter-params';
import type { ResultFilterState } from './result-filters-of-url';

/**
 * The result filters and sort of a search URL (issue 22.2). Values the server would refuse are
 * dropped, so an edited link never shows an error. Read by the search page and the drawer, not by
 * the first download.
 */
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
