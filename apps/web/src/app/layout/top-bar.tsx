import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { HeaderActions } from './header-actions';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';

/**
 * Spec 2.2 top bar. Desktop: logo, search, badges, profile. Below md: drawer button, logo, cart,
 * overflow menu, and the search box wraps onto a second row so it keeps a usable width. There is only one
 * search box, so its state survives a resize and role queries find exactly one.
 */
export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      elevation={1}
      // Above the permanent drawer on desktop; below the temporary one on mobile, which overlays everything.
      sx={(theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } })}
    >
      <Toolbar sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, columnGap: { xs: 1, md: 3 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('AppBar.openMenu')}
          onClick={onMenuClick}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <Box
          sx={{
            order: { xs: 1, md: 0 },
            flex: { xs: '1 0 100%', md: 1 },
            display: 'flex',
            justifyContent: 'center',
            pb: { xs: 1.5, md: 0 },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: { md: 560 } }}>
            <SearchBox />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', ml: { xs: 'auto', md: 0 } }}>
          <HeaderActions />
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <MobileMenu />
          </Box>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
