import type { CartAnswer, CartChange, CartFile } from '@mediabox/contract';
import type { CartMethod } from './predict-summary';

/**
 * The cart contents after a change, as far as the cached assets tell: checking a format adds that
 * file of the asset, unchecking removes it, removing an entry drops the asset. Assets that are not
 * in the cached contents yet are left to the refetch that follows every change.
 */
export function predictContents(contents: CartAnswer, method: CartMethod, change: CartChange): CartAnswer {
  const ids = new Set('assetIds' in change ? change.assetIds.map(Number) : [Number(change.assetId)]);
  const format = 'format' in change ? change.format : undefined;

  if (method === 'DELETE' && format === undefined) {
    return {
      items: contents.items.filter((item) => !ids.has(item.id)),
      cartItems: contents.cartItems.filter((entry) => !ids.has(entry.id)),
    };
  }
  if (format === undefined) return contents;

  const assets = new Map(contents.items.map((item) => [item.id, item]));
  const cartItems = contents.cartItems.map((entry) => {
    if (!ids.has(entry.id)) return entry;
    const others = entry.files.filter((file) => file.mediaType !== format);
    if (method === 'DELETE') return { ...entry, files: others };
    const file = assets.get(entry.id)?.files.find((candidate) => candidate.mediaType === format);
    if (!file) return entry;
    const chosen: CartFile = {
      mediaType: file.mediaType,
      fileId: file.id,
      fileName: file.fileProperties.fileName,
      fileSize: file.fileProperties.fileSize,
    };
    return { ...entry, files: [...others, chosen].sort((a, b) => a.mediaType - b.mediaType) };
  });
  return { items: contents.items, cartItems };
}
