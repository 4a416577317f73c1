import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isOrderPath } from '../../shared/routing/paths';
import { CategorySection } from './category-section';
import { CountrySelect } from './country-select';
import { DrawerUser } from './drawer-user';

// Only staff on order paths see the order navigation: it loads with the order pages, like their code.
const OrderNav = lazy(async () => ({ default: (await import('./order-nav')).OrderNav }));

/** What the side drawer shows: the user, country and categories, or the order navigation on order paths. */
export function DrawerContent() {
  const { pathname } = useLocation();
  if (isOrderPath(pathname)) {
    return (
      <Suspense fallback={null}>
        <OrderNav />
      </Suspense>
    );
  }
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
