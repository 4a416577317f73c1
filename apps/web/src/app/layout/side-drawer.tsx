import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../shared/ui/deferred-component';
import { DrawerContent } from './drawer-content';

// The small screens' drawer is MUI's Drawer, which brings a modal, focus trap and transitions: code
// no first render needs. It arrives shortly after start, or when the menu button is pressed.
const useTemporaryDrawer = deferredComponent(() => import('./temporary-drawer'));

interface SideDrawerProps {
  mobileOpen: boolean;
  onClose: () => void;
}

/**
 * Permanent below the top bar on desktop (240 px, spec 9); a temporary drawer on small screens.
 * The permanent one is a fixed paper with MUI's docked-drawer styles, without the Drawer component.
 */
export function SideDrawer({ mobileOpen, onClose }: SideDrawerProps) {
  const { t } = useTranslation();
  const TemporaryDrawer = useTemporaryDrawer(mobileOpen);
  return (
    <Box
      component="aside"
      aria-label={t('drawer.label')}
      sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}
    >
      {TemporaryDrawer && <TemporaryDrawer open={mobileOpen} onClose={onClose} />}
      <Paper
        square
        elevation={0}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          position: 'fixed',
          top: 0,
          left: 0,
          width: DRAWER_WIDTH,
          height: '100%',
          overflowY: 'auto',
          zIndex: 'drawer',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {/* The top bar sits above the drawer; this spacer keeps the drawer content below it. */}
        <Toolbar />
        <DrawerContent />
      </Paper>
    </Box>
  );
}
