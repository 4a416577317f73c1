import Badge from '@mui/material/Badge';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../shared/auth/user-store';
import { accountMenuItems } from './account-menu-items';
import { useHeaderEntries } from './use-header-entries';
import { useLogout } from './use-logout';

interface MobileMenuPopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The open overflow menu: the header's badges, then the profile menu's entries (spec 2.2). */
export default function MobileMenuPopup({ anchor, onClose }: MobileMenuPopupProps) {
  const { t, i18n } = useTranslation();
  const entries = useHeaderEntries();
  const user = useStoredUser();
  const logout = useLogout();
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {entries.map(({ id, labelKey, neutral, Icon, count, to }) => (
        <MenuItem key={id} component={RouterLink} to={to} onClick={onClose} disabled={count === 0}>
          <ListItemIcon>
            <Badge badgeContent={count} color={neutral ? 'default' : 'secondary'} max={99}>
              <Icon fontSize="small" />
            </Badge>
          </ListItemIcon>
          <ListItemText>{t(labelKey)}</ListItemText>
        </MenuItem>
      ))}
      {accountMenuItems({ t, user, language: i18n.language, close: onClose, logout })}
    </Menu>
  );
}
