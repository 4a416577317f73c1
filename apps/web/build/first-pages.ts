import {
  COUNTRY_BY_QUERY,
  COUNTRY_ROOTS,
  DEFAULT_COUNTRY,
  SEARCH_PAGE_SIZE,
} from '../../../packages/contract/src/constants.ts';
import { CONTAINER_PAGE_SIZE } from '../src/features/catalogue/api/container-page-size.ts';
import type { FirstPage } from './first-page-preload.ts';
import type { EarlyDataRules } from './preload-script.ts';

/**
 * The pages a signed-in visitor most often opens first (as in src/app/routing/routes.tsx), with the
 * data each asks for at once (src/app/routing/route-prefetch.ts). vite.config.ts builds the preload
 * script from these; build/preload-script.test.ts checks that the script asks for exactly what the
 * app's route loaders ask for.
 */
export const FIRST_PAGES: FirstPage[] = [
  { path: /^\/$/, module: 'src/features/home/home-page.tsx', data: 'drawer' },
  { path: /^\/\d+$/, module: 'src/features/catalogue/pages/category-page.tsx', data: 'category' },
  { path: /^\/search\/[^/]+$/, module: 'src/features/catalogue/pages/search-page.tsx', data: 'search' },
  { path: /^\/asset\/\d+$/, module: 'src/features/catalogue/pages/asset-page.tsx', data: 'drawer' },
];

/** The drawer's lazy parts (src/app/layout/category-section.tsx), loaded on every signed-in page. */
export const LAYOUT_MODULES = [
  'src/features/catalogue/components/category-menu.tsx',
  'src/features/catalogue/components/search-filter.tsx',
];

export const EARLY_DATA_RULES: EarlyDataRules = {
  countryRoots: COUNTRY_ROOTS,
  countryCodes: COUNTRY_BY_QUERY,
  defaultCountry: DEFAULT_COUNTRY,
  searchPageSize: SEARCH_PAGE_SIZE,
  containerPageSize: CONTAINER_PAGE_SIZE,
};
