import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { DrawerContent } from './drawer-content';

interface SideDrawerProps {
  mobileOpen: boolean;
  onClose: () => void;
}

/**
 * Permanent below the top bar on desktop (240 px, spec 9); a temporary drawer on small screens.
 * The temporary one mounts its content only while open, so the page never holds two copies.
 */
export function SideDrawer({ mobileOpen, onClose }: SideDrawerProps) {
  const { t } = useTranslation();
  const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' } as const;
  return (
    <Box
      component="aside"
      aria-label={t('drawer.label')}
      sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}
    >
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <DrawerContent />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
      >
        {/* The top bar sits above the drawer; this spacer keeps the drawer content below it. */}
        <Toolbar />
        <DrawerContent />
      </Drawer>
    </Box>
  );
}
