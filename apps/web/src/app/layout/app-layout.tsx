import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DeferredFooter } from './deferred-footer';
import { SideDrawer } from './side-drawer';
import { mainFocusProps, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** The signed-in frame of spec 2.2: top bar, side drawer, page, footer. */
export function AppLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();

  // Picking a destination in the mobile drawer should reveal it, not leave the drawer over it.
  useEffect(() => setMobileOpen(false), [pathname]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar onMenuClick={() => setMobileOpen(true)} />
      <Box sx={{ flex: 1, display: 'flex' }}>
        <SideDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Box component="main" {...mainFocusProps} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
            <Outlet />
          </Box>
          <DeferredFooter />
        </Box>
      </Box>
    </Box>
  );
}
