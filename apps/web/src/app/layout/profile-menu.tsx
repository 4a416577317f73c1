import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canManageOrders } from '../../shared/auth/permissions';
import { displayName } from '../../shared/auth/user-display';
import { useStoredUser } from '../../shared/auth/user-store';
import { languageMenuItems } from './language-menu-items';
import { useLogout } from './use-logout';

/** Spec 2.2 profile menu: profile, language de/en/fr, logout. */
export function ProfileMenu() {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('AppBar.profile.menu')}>
        <IconButton
          color="inherit"
          aria-label={t('AppBar.profile.menu')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircleOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {user && (
          <ListItemText
            primary={displayName(user)}
            secondary={user.userName}
            sx={{ px: 2, py: 1 }}
            slotProps={{ primary: { fontWeight: 600 }, secondary: { noWrap: true } }}
          />
        )}
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('AppBar.profile.profile')}</ListItemText>
        </MenuItem>
        {/* The order badge is disabled at zero, so the menu keeps the order screens reachable. */}
        {canManageOrders(user) && (
          <MenuItem component={RouterLink} to="/orders" onClick={close}>
            <ListItemIcon>
              <AssignmentOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('drawer.currentOrders')}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        {languageMenuItems(t, i18n.language, close)}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('AppBar.profile.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
