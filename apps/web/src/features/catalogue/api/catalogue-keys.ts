/**
 * Query keys of the catalogue. The node key is also used by the home feature (which may not import
 * this file, DESIGN: no sibling imports) — keep `['catalogue', 'node', id]` in step with
 * features/home/api/root-categories-query.ts so both share one cache entry.
 */
export const catalogueKeys = {
  node: (id: number) => ['catalogue', 'node', id] as const,
  assets: (containerId: number) => ['catalogue', 'assets', containerId] as const,
  asset: (id: number) => ['catalogue', 'asset', id] as const,
  /** `filters`: the result filters and sort as URL text (issue 22.2), '' for none. */
  search: (query: string, rootId: number, categories: readonly number[], filters = '') =>
    ['catalogue', 'search', query, rootId, [...categories].sort((a, b) => a - b), filters] as const,
  searchCountries: (query: string) => ['catalogue', 'search-countries', query] as const,
};
