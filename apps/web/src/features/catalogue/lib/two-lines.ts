import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Asset names differ at their end ("… 10 Kapseln – Vorderseite" / "– Rückseite"): one line cut them
 * exactly there. Two lines show most of them whole; the rest has a tooltip with the full name.
 */
export const TWO_LINES: SxProps<Theme> = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
};
