import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { canManageOrders } from '../../shared/auth/permissions';
import { useStoredUser } from '../../shared/auth/user-store';
import { useHeaderCounts } from '../../shared/ui/header-counts';

export interface HeaderEntry {
  id: 'orders' | 'messages' | 'downloads' | 'cart';
  labelKey: string;
  Icon: SvgIconComponent;
  count: number;
  to: string;
}

/** The badge entries of the top bar; the mobile overflow menu shows the same list (spec 2.2). */
export function useHeaderEntries(): HeaderEntry[] {
  const user = useStoredUser();
  const counts = useHeaderCounts();
  const entries: HeaderEntry[] = [
    {
      id: 'messages',
      labelKey: 'AppBar.messages',
      Icon: MailOutlineIcon,
      count: counts.messages,
      to: '/messages',
    },
    {
      id: 'downloads',
      labelKey: 'AppBar.downloads',
      Icon: CloudDownloadOutlinedIcon,
      count: counts.downloads,
      to: '/downloads',
    },
    { id: 'cart', labelKey: 'AppBar.cart', Icon: ShoppingCartOutlinedIcon, count: counts.cart, to: '/cart' },
  ];
  // Spec 6: the order badge only for internal users and super users.
  if (canManageOrders(user)) {
    entries.unshift({
      id: 'orders',
      labelKey: 'AppBar.orders',
      Icon: AssignmentOutlinedIcon,
      count: counts.orders,
      to: '/orders',
    });
  }
  return entries;
}
