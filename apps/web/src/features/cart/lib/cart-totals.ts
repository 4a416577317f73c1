import type { CartAnswer } from '@mediabox/contract';
import { presetFileCount } from './preset-choices';

export interface CartTotals {
  /** Assets in the cart, with or without a chosen format. */
  items: number;
  /** Bytes of the chosen formats' files: what a download of the cart holds. */
  bytes: number;
  /**
   * Converted files the chosen presets add (issue 21.2). Their size is known only once they are
   * made, so they are counted, not added to `bytes`.
   */
  presetFiles: number;
}

/**
 * What the cart page sums up for the user: the items and the size of the files they chose. Only
 * entries of assets the answer still lists count; a withdrawn asset brings no file into a bundle.
 */
export function cartTotals(contents: CartAnswer | undefined): CartTotals {
  if (!contents) return { items: 0, bytes: 0, presetFiles: 0 };
  const listed = new Set(contents.items.map((item) => item.id));
  let bytes = 0;
  for (const entry of contents.cartItems) {
    if (!listed.has(entry.id)) continue;
    for (const file of entry.files) bytes += file.fileSize;
  }
  return { items: contents.items.length, bytes, presetFiles: presetFileCount(contents) };
}
