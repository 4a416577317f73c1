/** The drawer's search filter lives in the URL (`?cat=12,14`) so a filtered search can be shared. */
export const CATEGORY_FILTER_PARAM = 'cat';

export function parseCategoryFilter(search: URLSearchParams): number[] {
  const raw = search.get(CATEGORY_FILTER_PARAM) ?? '';
  const ids = raw
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A copy of `search` with the filter set to `ids` (removed when empty). */
export function withCategoryFilter(search: URLSearchParams, ids: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(search);
  if (ids.length === 0) next.delete(CATEGORY_FILTER_PARAM);
  else next.set(CATEGORY_FILTER_PARAM, [...ids].sort((a, b) => a - b).join(','));
  return next;
}

/**
 * The filter without ids that are not top categories of the searched country: after a switch of
 * country the old country's ids would hide every hit (issue 19.6). Unknown top categories (still
 * loading) keep the filter as it is.
 */
export function knownCategoryFilter(
  ids: readonly number[],
  topCategoryIds: ReadonlySet<number> | undefined,
): readonly number[] {
  if (!topCategoryIds || ids.length === 0) return ids;
  const known = ids.filter((id) => topCategoryIds.has(id));
  return known.length === ids.length ? ids : known;
}
