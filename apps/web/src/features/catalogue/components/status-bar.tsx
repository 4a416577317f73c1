import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { CartBulkButtons } from './cart-bulk-buttons';
import { ViewToggle } from './view-toggle';

/** Spec 2.3 status bar: a text (count and name, or the search status), view toggle and cart buttons. */
export function StatusBar({ children, assetIds }: { children: ReactNode; assetIds: number[] }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: 2,
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 2,
      }}
    >
      <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>{children}</Stack>
      <CartBulkButtons assetIds={assetIds} />
      <ViewToggle />
    </Paper>
  );
}
