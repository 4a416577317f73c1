import type { StoredUser } from '@mediabox/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setStoredUser } from '../../shared/auth/user-store';
import { AppProviders } from '../app-providers';
import { appRoutes } from '../routing/routes';
import { testUser } from '../../shared/testing/test-user';

export { testUser };

/** Test-only: the real route table (or given routes) in a memory router, inside the app's providers. */
export function renderApp(path: string, options: { user?: StoredUser | null; routes?: RouteObject[] } = {}) {
  setStoredUser(options.user ?? null);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(options.routes ?? appRoutes(client), { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Where the router is now, as "/path?search". */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
