import MoreVertIcon from '@mui/icons-material/MoreVert';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../shared/auth/user-store';
import { useHeaderEntries } from './use-header-entries';
import { accountMenuItems } from './account-menu-items';
import { useLogout } from './use-logout';

/** Below the md breakpoint the badges and the profile menu fold into one overflow menu (spec 2.2). */
export function MobileMenu() {
  const { t, i18n } = useTranslation();
  const entries = useHeaderEntries();
  const user = useStoredUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('AppBar.more')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entries.map(({ id, labelKey, Icon, count, to }) => (
          <MenuItem key={id} component={RouterLink} to={to} onClick={close} disabled={count === 0}>
            <ListItemIcon>
              <Badge badgeContent={count} color="secondary" max={99}>
                <Icon fontSize="small" />
              </Badge>
            </ListItemIcon>
            <ListItemText>{t(labelKey)}</ListItemText>
          </MenuItem>
        ))}
        {accountMenuItems({ t, user, language: i18n.language, close, logout })}
      </Menu>
    </>
  );
}
