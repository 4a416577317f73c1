import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { useLocation } from 'react-router';
import { isOrderPath } from '../../shared/routing/paths';
import { CategorySection } from './category-section';
import { CountrySelect } from './country-select';
import { DrawerUser } from './drawer-user';
import { OrderNav } from './order-nav';

/** What the side drawer shows: the user, country and categories, or the order navigation on order paths. */
export function DrawerContent() {
  const { pathname } = useLocation();
  if (isOrderPath(pathname)) return <OrderNav />;
  return (
    <>
      <DrawerUser />
      <Divider />
      <Box sx={{ px: 2, pt: 2.5, pb: 1.5 }}>
        <CountrySelect />
      </Box>
      <Divider />
      <CategorySection />
    </>
  );
}
