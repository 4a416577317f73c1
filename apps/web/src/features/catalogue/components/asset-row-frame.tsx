import Box from '@mui/material/Box';
import type { Asset } from '@mediabox/contract';
import type { ReactNode } from 'react';
import { RetryingImage } from '../../../shared/ui/retrying-image';

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
  children,
}: {
  asset: Asset;
  rowIndex: number;
  columns: string;
  height: number;
  gap: number;
  children: ReactNode;
}) {
  return (
    <Box
      role="row"
      aria-rowindex={rowIndex}
      data-removal-requested={asset.removalRequested || undefined}
      sx={{
        display: 'grid',
        gridTemplateColumns: columns,
        gap,
        alignItems: 'center',
        height,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
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
