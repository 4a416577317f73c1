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
  /** The hint of the disabled badge at zero: why it does nothing. */
  emptyKey: string;
  /** A count of things kept (messages, downloads), not of things waiting: shown without alarm color. */
  neutral: boolean;
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
      emptyKey: 'AppBar.empty.messages',
      neutral: true,
      Icon: MailOutlineIcon,
      count: counts.messages,
      to: '/messages',
    },
    {
      id: 'downloads',
      labelKey: 'AppBar.downloads',
      emptyKey: 'AppBar.empty.downloads',
      neutral: true,
      Icon: CloudDownloadOutlinedIcon,
      count: counts.downloads,
      to: '/downloads',
    },
    {
      id: 'cart',
      labelKey: 'AppBar.cart',
      emptyKey: 'AppBar.empty.cart',
      neutral: false,
      Icon: ShoppingCartOutlinedIcon,
      count: counts.cart,
      to: '/cart',
    },
  ];
  // Spec 6: the order badge only for internal users and super users.
  if (canManageOrders(user)) {
    entries.unshift({
      id: 'orders',
      labelKey: 'AppBar.orders',
      emptyKey: 'AppBar.empty.orders',
      neutral: false,
      Icon: AssignmentOutlinedIcon,
      count: counts.orders,
      to: '/orders',
    });
  }
  return entries;
}
