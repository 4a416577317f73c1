import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type ReactNode } from 'react';
import { useScrolls } from './use-scrolls';

interface Props {
  /** The table's name, given to the scrolling region so a screen reader says what it scrolls. */
  label: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A table container that a keyboard can scroll (WCAG 2.1.1, axe scrollable-region-focusable): when
 * the table is wider or taller than its room, the container takes focus and arrow keys scroll it.
 * A table that fits adds no tab stop.
 */
export function ScrollableTableContainer({ label, sx, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <TableContainer
      ref={ref}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      sx={[
        {
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableContainer>
  );
}
