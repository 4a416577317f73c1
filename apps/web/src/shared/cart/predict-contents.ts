import type { CartAnswer, CartChange, CartFile } from '@mediabox/contract';
import type { CartMethod } from './predict-summary';

/**
 * The cart contents after a change, as far as the cached assets tell: checking a format adds that
 * file of the asset, unchecking removes it, removing an entry drops the asset, unchoosing a preset
 * drops that preset's row. Assets that are not
 * in the cached contents yet are left to the refetch that follows every change.
 */
export function predictContents(contents: CartAnswer, method: CartMethod, change: CartChange): CartAnswer {
  const ids = new Set('assetIds' in change ? change.assetIds.map(Number) : [Number(change.assetId)]);
  const format = 'format' in change ? change.format : undefined;

  // A preset (issue 21.2): unchoosing drops its row at once; what a new one would deliver (its
  // output and verdicts) only the server knows, so an addition waits for the refetch.
  if ('preset' in change) {
    if (method === 'PUT') return contents;
    const presetId = Number(change.preset);
    return {
      items: contents.items,
      cartItems: contents.cartItems.map((entry) =>
        ids.has(entry.id)
          ? { ...entry, presets: entry.presets.filter((choice) => choice.presetId !== presetId) }
          : entry,
      ),
    };
  }

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
