/**
 * Addresses of the catalogue administration: the selected category and the asset being edited live
 * in the query (`/admin/catalogue?node=12&asset=345`), like the insights' range, so a link or the
 * back button brings the admin back to the same place.
 */
export function catalogueHref(nodeId: number, assetId?: number): string {
  const params = new URLSearchParams({ node: String(nodeId) });
  if (assetId !== undefined) params.set('asset', String(assetId));
  return `/admin/catalogue?${params.toString()}`;
}

/** A positive whole number of the query, or null (absent or malformed: nothing is selected). */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
