import type { CartAnswer } from '@mediabox/contract';

/**
 * The presets chosen in the cart (issue 21.2), read from its contents. Only entries of assets the
 * answer still lists count, as for the original files (cart-totals.ts).
 */
function listedEntries(contents: CartAnswer) {
  const listed = new Set(contents.items.map((item) => item.id));
  return contents.cartItems.filter((entry) => listed.has(entry.id));
}

/** Converted files a bundle made now would hold: every chosen preset the item is not refused for. */
export function presetFileCount(contents: CartAnswer | undefined): number {
  if (!contents) return 0;
  return listedEntries(contents).reduce(
    (sum, entry) => sum + entry.presets.filter((choice) => !choice.refused).length,
    0,
  );
}

/** Whether any item has a preset chosen: then a download waits for its conversions (issue 21.4). */
export const anyPresetChosen = (contents: CartAnswer | undefined): boolean =>
  Boolean(contents && listedEntries(contents).some((entry) => entry.presets.length > 0));

/** The listed assets that have `presetId` chosen, for the "for all" menu. */
export function assetsWithPreset(contents: CartAnswer, presetId: number): number[] {
  return listedEntries(contents)
    .filter((entry) => entry.presets.some((choice) => choice.presetId === presetId))
    .map((entry) => entry.id);
}
