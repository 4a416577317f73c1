/**
 * Read by screen readers, not shown: for a header or label whose meaning the layout already shows.
 * Sizes are strings: in `sx` a bare 1 means 100 %, which made the "hidden" box as wide as its row.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
