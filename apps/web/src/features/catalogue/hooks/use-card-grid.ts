import type { RefObject } from 'react';
import { useElementWidth } from './use-element-width';
import { useWindowedRows, type RowWindow } from './use-windowed-rows';

/** Narrowest card; the grid fits as many columns of at least this width as it can. */
const MIN_CARD_WIDTH = 180;
/** Space between cards, both ways. */
export const CARD_GAP = 16;

export interface CardGrid {
  columns: number;
  /** One row's height in px, the gap below it included. */
  rowHeight: number;
  rowCount: number;
  /** The rows to render (useWindowedRows). */
  rows: RowWindow;
  /** Cards on the first screen: their pictures decide the first paint and load at once. */
  firstScreen: number;
}

/**
 * The geometry of a windowed card grid (asset cards, product cards): square pictures above a fixed
 * `infoHeight`, so every row's height follows from the container's width and only the rows near the
 * screen are rendered.
 */
export function useCardGrid(
  ref: RefObject<HTMLElement | null>,
  itemCount: number,
  infoHeight: number,
): CardGrid {
  const width = useElementWidth(ref);
  const columns = Math.max(1, Math.floor((width + CARD_GAP) / (MIN_CARD_WIDTH + CARD_GAP)));
  const cardWidth = (width - CARD_GAP * (columns - 1)) / columns;
  // Card border (2 × 1 px) is part of its height.
  const rowHeight = Math.ceil(cardWidth + infoHeight + 2) + CARD_GAP;
  const rowCount = Math.ceil(itemCount / columns);
  const rows = useWindowedRows(ref, { rowCount, rowHeight });
  const firstScreen = columns * Math.ceil(window.innerHeight / rowHeight);
  return { columns, rowHeight, rowCount, rows, firstScreen };
}
