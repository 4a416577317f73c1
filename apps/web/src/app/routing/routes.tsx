import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../../shared/ui/page-loading';
import { RequireOrderRights } from '../guards/require-order-rights';
import { RequireSuperUser } from '../guards/require-super-user';
import { RequireUser } from '../guards/require-user';
import { AppLayout } from '../layout/app-layout';
import { PublicLayout } from '../layout/public-layout';
import { NoRoutePage } from '../no-route-page';
import { RootRoute } from './root-route';
import { RouteErrorPage } from './route-error-page';
import { languageRedirect, loaders, numericParam } from './route-loaders';
import { lazyPage } from './lazy-page';
import { prefetchCategory, prefetchDrawer, prefetchSearch } from './route-prefetch';

/** The route table of spec 2.1. Pages load lazily; layouts and guards are part of the shell. */
const publicRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('../../features/accounts/pages/login-page')) },
  // Issue 23: back from the company account's sign-in.
  { path: 'login/sso', lazy: lazyPage(() => import('../../features/accounts/pages/sso-landing-page')) },
  { path: 'signup', lazy: lazyPage(() => import('../../features/accounts/pages/signup-page')) },
  { path: 'confirm/:uuid', lazy: lazyPage(() => import('../../features/accounts/pages/confirm-page')) },
  {
    path: 'reset_password/:uuid',
    lazy: lazyPage(() => import('../../features/accounts/pages/reset-password-page')),
  },
  { path: 'contact', lazy: lazyPage(() => import('../../features/accounts/pages/contact-page')) },
  { path: 'imprint', lazy: lazyPage(() => import('../../features/legal/pages/imprint-page')) },
  { path: 'privacy', lazy: lazyPage(() => import('../../features/legal/pages/privacy-page')) },
  { path: 'cookies', lazy: lazyPage(() => import('../../features/legal/pages/cookies-page')) },
  { path: 'termsofservice', lazy: lazyPage(() => import('../../features/legal/pages/terms-page')) },
  {
    path: 'download/:filename',
    lazy: lazyPage(() => import('../../features/cart/pages/download-link-page')),
  },
];

/** Spec 2.1 "very secure": jde or isSuperUser. */
const orderRoutes: RouteObject[] = [
  { path: 'orders', lazy: lazyPage(() => import('../../features/orders/pages/orders-page')) },
  { path: 'orders/:step', lazy: lazyPage(() => import('../../features/orders/pages/orders-page')) },
  { path: 'order/add', lazy: lazyPage(() => import('../../features/orders/pages/order-create-page')) },
  {
    path: 'order/:id',
    loader: numericParam('id'),
    lazy: lazyPage(() => import('../../features/orders/pages/order-detail-page')),
  },
  {
    path: 'order/:id/:step',
    loader: numericParam('id'),
    lazy: lazyPage(() => import('../../features/orders/pages/order-detail-page')),
  },
];

/** Issue 6: administration for super users; the approval reminder mail links to /admin/registrations. */
const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    lazy: lazyPage(() => import('../../features/admin/pages/admin-page')),
    children: [
      { index: true, element: <Navigate to="registrations" replace /> },
      {
        path: 'registrations',
        lazy: lazyPage(() => import('../../features/admin/pages/registrations-page')),
      },
      { path: 'users', lazy: lazyPage(() => import('../../features/admin/pages/users-page')) },
      { path: 'removals', lazy: lazyPage(() => import('../../features/admin/pages/removals-page')) },
      { path: 'catalogue', lazy: lazyPage(() => import('../../features/admin/pages/catalogue-page')) },
      { path: 'links', lazy: lazyPage(() => import('../../features/admin/pages/links-page')) },
      { path: 'takedowns', lazy: lazyPage(() => import('../../features/admin/pages/takedowns-page')) },
      { path: 'presets', lazy: lazyPage(() => import('../../features/admin/pages/presets-page')) },
      { path: 'jobs', lazy: lazyPage(() => import('../../features/admin/pages/jobs-page')) },
      { path: 'audit', lazy: lazyPage(() => import('../../features/admin/pages/audit-page')) },
      { path: 'insights', lazy: lazyPage(() => import('../../features/admin/pages/insights-page')) },
    ],
  },
];

const userRoutes = (client: QueryClient): RouteObject[] => [
  // Home's data is the drawer's country root, which the layout route asks for.
  { index: true, lazy: lazyPage(() => import('../../features/home/home-page')) },
  {
    path: ':nodeId',
    loader: loaders(numericParam('nodeId'), prefetchCategory(client)),
    lazy: lazyPage(() => import('../../features/catalogue/pages/category-page')),
  },
  {
    path: 'search/:query',
    loader: prefetchSearch(client),
    lazy: lazyPage(() => import('../../features/catalogue/pages/search-page')),
  },
  {
    path: 'asset/:id',
    loader: numericParam('id'),
    lazy: lazyPage(() => import('../../features/catalogue/pages/asset-page')),
  },
  { path: 'cart', lazy: lazyPage(() => import('../../features/cart/pages/cart-page')) },
  { path: 'messages', lazy: lazyPage(() => import('../../features/cart/pages/messages-page')) },
  { path: 'downloads', lazy: lazyPage(() => import('../../features/cart/pages/downloads-page')) },
  // Named lists (issue 22.4).
  { path: 'lists', lazy: lazyPage(() => import('../../features/lists/pages/lists-page')) },
  {
    path: 'lists/:id',
    loader: numericParam('id'),
    lazy: lazyPage(() => import('../../features/lists/pages/list-page')),
  },
  { path: 'profile', lazy: lazyPage(() => import('../../features/accounts/pages/profile-page')) },
  { element: <RequireOrderRights />, children: orderRoutes },
  { element: <RequireSuperUser />, children: adminRoutes },
];

/** `client` is the app's query cache, which the loaders fill ahead of the lazy pages. */
export const appRoutes = (client: QueryClient): RouteObject[] => [
  {
    element: <RootRoute />,
    // Shown while the first page's module loads; later navigations keep the old page meanwhile.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        // Pathless so that errors (and numeric-param 404s) render inside the root, which keeps
        // registering the API navigator and the country query.
        errorElement: <RouteErrorPage />,
        children: [
          ...(['de', 'en', 'fr'] as const).map((lang) => ({
            path: lang,
            loader: languageRedirect(lang),
            element: null,
          })),
          { element: <PublicLayout />, children: publicRoutes },
          {
            element: <RequireUser />,
            loader: prefetchDrawer(client),
            children: [{ element: <AppLayout />, children: userRoutes(client) }],
          },
          { path: '*', element: <NoRoutePage /> },
        ],
      },
    ],
  },
];
