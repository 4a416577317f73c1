import Drawer from '@mui/material/Drawer';
import { DRAWER_WIDTH } from '@mediabox/contract';
import { DrawerContent } from './drawer-content';

interface TemporaryDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The side drawer on small screens: over the page, opened by the top bar's menu button. It mounts
 * its content only while open, so the page never holds two copies.
 */
export default function TemporaryDrawer({ open, onClose }: TemporaryDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{
        display: { xs: 'block', md: 'none' },
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' },
      }}
    >
      <DrawerContent />
    </Drawer>
  );
}
