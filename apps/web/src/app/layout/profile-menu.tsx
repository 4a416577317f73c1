import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../shared/auth/user-display';
import { useStoredUser } from '../../shared/auth/user-store';
import { accountMenuItems } from './account-menu-items';
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
        {accountMenuItems({ t, user, language: i18n.language, close, logout })}
      </Menu>
    </>
  );
}
