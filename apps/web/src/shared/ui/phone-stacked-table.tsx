import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ScrollableTableContainer } from './scrollable-table-container';
import { VISUALLY_HIDDEN } from './visually-hidden';

/**
 * On a phone (below the `sm` breakpoint) a table with more than two or three columns either scrolls
 * sideways or squeezes every word onto its own line. This container turns each row into a small card
 * instead: the cells stack, each led by its column's heading, and the header row is kept for screen
 * readers only. From `sm` up it is the ordinary table.
 *
 * `columnHeadings` are the headings in column order; a cell spanning several columns (an empty-table
 * message) gets no heading.
 */
export function PhoneStackedTable({
  label,
  columnHeadings,
  sx,
  children,
}: {
  /** The table's name, for the scrolling region a keyboard can focus when the table is too wide. */
  label: string;
  columnHeadings: readonly string[];
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <ScrollableTableContainer
      label={label}
      sx={[stackedOnPhone(columnHeadings), ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </ScrollableTableContainer>
  );
}

function stackedOnPhone(columnHeadings: readonly string[]): SxProps<Theme> {
  const headings = Object.fromEntries(
    columnHeadings.map((heading, index) => [
      `& tbody td:nth-of-type(${index + 1}):not([colspan])::before`,
      // JSON quoting is valid CSS string quoting for any text, quotes and backslashes included.
      { content: JSON.stringify(heading) },
    ]),
  );
  return (theme) => ({
    [theme.breakpoints.down('sm')]: {
      '& table, & tbody, & tr, & td': { display: 'block', width: '100%' },
      position: 'relative',
      '& thead': VISUALLY_HIDDEN,
      '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
      '& tbody td': {
        display: 'grid',
        gridTemplateColumns: 'minmax(6.5em, 35%) minmax(0, 1fr)',
        columnGap: 1.5,
        alignItems: 'start',
        border: 0,
        px: 0.5,
        py: 0.5,
        maxWidth: 'none',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      },
      // Several children of one cell stay together in the value column, one under the other.
      '& tbody td > *': { gridColumn: 2 },
      '& tbody td[colspan]': { display: 'block' },
      '& tbody td::before': { fontWeight: 600, color: 'text.secondary', fontSize: '0.8125rem' },
      ...headings,
    },
  });
}
