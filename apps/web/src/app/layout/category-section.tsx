import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The menu and filter load with their own chunk so the shell's first download stays small; the
// drawer's heading renders at once and the list follows with the node answer it waits for anyway.
const CategoryMenu = lazy(async () => ({
  default: (await import('../../features/catalogue/components/category-menu')).CategoryMenu,
}));
const SearchFilter = lazy(async () => ({
  default: (await import('../../features/catalogue/components/search-filter')).SearchFilter,
}));

/** Spec 2.2 drawer: the search filter during a search, then the category menu of the chosen country. */
export function CategorySection() {
  const { t } = useTranslation();
  return (
    <>
      <Suspense fallback={null}>
        <SearchFilter />
      </Suspense>
      <Box component="nav" aria-labelledby="drawer-categories-heading" sx={{ py: 1.5 }}>
        <Typography
          id="drawer-categories-heading"
          variant="overline"
          color="text.secondary"
          component="h2"
          sx={{ display: 'block', mb: 0.5, px: 2 }}
        >
          {t('drawer.categories')}
        </Typography>
        <Suspense fallback={null}>
          <CategoryMenu />
        </Suspense>
      </Box>
    </>
  );
}
