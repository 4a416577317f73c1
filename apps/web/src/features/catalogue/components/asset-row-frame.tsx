import Box from '@mui/material/Box';
import type { Asset } from '@mediabox/contract';
import type { HTMLAttributes, ReactNode } from 'react';
import { RetryingImage } from '../../../shared/ui/retrying-image';

/** The list's roving focus (issue 22.1): the row's tab index and its place in the results. */
export type RowItemProps = Pick<HTMLAttributes<HTMLElement>, 'tabIndex'> & { 'data-result-index': number };

/**
 * What the wide and the compact list row share: a grid row of fixed height (the list windows its
 * rows by arithmetic) marked like the reddish card border when a removal is requested (spec 2.3).
 */
export function AssetRowFrame({
  asset,
  rowIndex,
  columns,
  height,
  gap,
  itemProps,
  children,
}: {
  asset: Asset;
  rowIndex: number;
  columns: string;
  height: number;
  gap: number;
  itemProps?: RowItemProps;
  children: ReactNode;
}) {
  return (
    <Box
      role="row"
      aria-rowindex={rowIndex}
      data-removal-requested={asset.removalRequested || undefined}
      // The hover area that shows the selection checkbox (issue 22.1).
      className="selectable"
      {...itemProps}
      sx={{
        display: 'grid',
        gridTemplateColumns: columns,
        gap,
        alignItems: 'center',
        height,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        '&:has(.select-checkbox.Mui-checked)': { bgcolor: 'action.selected' },
        ...(asset.removalRequested && { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.error.light}` }),
      }}
    >
      {children}
    </Box>
  );
}

/** The row's 48 px thumbnail; decorative, the name beside it is the link. */
export function AssetRowThumbnail({ asset }: { asset: Asset }) {
  return (
    <Box sx={{ position: 'relative', width: 48, height: 48, flexShrink: 0, bgcolor: 'grey.50' }}>
      <RetryingImage src={asset.defaultThumbTicket} alt="" />
    </Box>
  );
}
