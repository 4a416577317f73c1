/**
 * Issue 22.2: the URL parameters of a search's result filters and sort (result-filters-of-url.ts
 * reads and writes them). Apart, because the route prefetch in the first download only asks whether
 * any is set.
 */
export const RESULT_FILTER_PARAMS = {
  mediaTypes: 'fmt',
  // Not 'view': that one says products or files (use-result-view.ts).
  views: 'gs1',
  orientation: 'orient',
  gtin: 'gtin',
  newest: 'new',
  dateFrom: 'from',
  dateTo: 'to',
  sort: 'sort',
} as const;

/** Whether the URL sets any result filter or sort (the route prefetch leaves those to the page). */
export function hasResultFilterParams(search: URLSearchParams): boolean {
  return Object.values(RESULT_FILTER_PARAMS).some((name) => search.has(name));
}
