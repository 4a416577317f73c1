import type { CartChange, CartSummary } from '@mediabox/contract';

export type CartMethod = 'PUT' | 'DELETE';

/**
 * The summary the server will most likely answer to a change, shown at once (optimistic update).
 * Adding with or without a format puts the asset in the cart; removing a single format leaves the
 * entry in the cart (an entry may have no format), and so does removing a preset; removing without
 * a format or preset takes it out.
 */
export function predictSummary(summary: CartSummary, method: CartMethod, change: CartChange): CartSummary {
  const ids = 'assetIds' in change ? change.assetIds.map(Number) : [Number(change.assetId)];
  // Unchoosing a format or a preset (issue 21.2) leaves the entry in the cart.
  const hasFormat = ('format' in change && change.format !== undefined) || 'preset' in change;
  let assetIds = summary.assetIds;
  if (method === 'PUT') {
    const present = new Set(assetIds);
    assetIds = [...assetIds, ...ids.filter((id, index) => !present.has(id) && ids.indexOf(id) === index)];
  } else if (!hasFormat) {
    const removed = new Set(ids);
    assetIds = assetIds.filter((id) => !removed.has(id));
  }
  return { assetIds, count: assetIds.length };
}
