import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ListAltIcon from '@mui/icons-material/ListAlt';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** On order paths the side menu is reduced to these three entries (spec 2.2). */
export function OrderNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = [
    { to: '/', key: 'drawer.back', Icon: ArrowBackIcon, selected: false },
    {
      to: '/orders',
      key: 'drawer.currentOrders',
      Icon: ListAltIcon,
      selected: pathname.startsWith('/orders'),
    },
    {
      to: '/order/add',
      key: 'drawer.createOrder',
      Icon: AddCircleOutlineIcon,
      selected: pathname === '/order/add',
    },
  ];
  return (
    <List component="nav" aria-label={t('drawer.orderNavigation')}>
      {items.map(({ to, key, Icon, selected }) => (
        <ListItemButton
          key={to}
          component={RouterLink}
          to={to}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={t(key)} />
        </ListItemButton>
      ))}
    </List>
  );
}
