import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../shared/auth/user-display';
import { useStoredUser } from '../../shared/auth/user-store';
import { accountMenuItems } from './account-menu-items';
import { useLogout } from './use-logout';

interface ProfileMenuPopupProps {
  open: boolean;
  /** The profile button as it is now (it may have been mounted anew since the click). */
  anchor: () => HTMLElement;
  onClose: () => void;
}

/** The open profile menu: who is signed in, then profile, language and logout (spec 2.2). */
export default function ProfileMenuPopup({ open, anchor, onClose }: ProfileMenuPopupProps) {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  const logout = useLogout();
  return (
    <Menu
      anchorEl={anchor}
      open={open}
      onClose={onClose}
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
      {accountMenuItems({ t, user, language: i18n.language, close: onClose, logout })}
    </Menu>
  );
}
