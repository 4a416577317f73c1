import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { StoredUser } from '@mediabox/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { canAdminister, canManageOrders } from '../../shared/auth/permissions';
import { languageMenuItems } from './language-menu-items';

/**
 * The entries the profile menu and the mobile overflow menu share: profile, my lists, current orders (for
 * staff), administration (for super users), language, logout. An array for the same reason as languageMenuItems.
 */
export function accountMenuItems(options: {
  t: TFunction;
  user: StoredUser | null;
  language: string;
  close: () => void;
  logout: () => Promise<void>;
}): ReactNode[] {
  const { t, user, language, close, logout } = options;
  return [
    <MenuItem key="profile" component={RouterLink} to="/profile" onClick={close}>
      <ListItemIcon>
        <PersonOutlineIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('AppBar.profile.profile')}</ListItemText>
    </MenuItem>,
    // Named lists (issue 22.4) sit with the user's other collections; the top bar has no room for a badge.
    <MenuItem key="lists" component={RouterLink} to="/lists" onClick={close}>
      <ListItemIcon>
        <FormatListBulletedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('lists.menuEntry')}</ListItemText>
    </MenuItem>,
    // The order badge is disabled at zero, so the menu keeps the order screens reachable.
    canManageOrders(user) && (
      <MenuItem key="orders" component={RouterLink} to="/orders" onClick={close}>
        <ListItemIcon>
          <AssignmentOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('drawer.currentOrders')}</ListItemText>
      </MenuItem>
    ),
    canAdminister(user) && (
      <MenuItem key="admin" component={RouterLink} to="/admin" onClick={close}>
        <ListItemIcon>
          <AdminPanelSettingsOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('admin.menuEntry')}</ListItemText>
      </MenuItem>
    ),
    <Divider key="divider-language" />,
    ...languageMenuItems(t, language, close),
    <Divider key="divider-logout" />,
    <MenuItem
      key="logout"
      onClick={() => {
        close();
        void logout();
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('AppBar.profile.logout')}</ListItemText>
    </MenuItem>,
  ];
}
