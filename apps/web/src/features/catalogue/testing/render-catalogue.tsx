import type { StoredUser } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { SnackbarProvider } from '../../../shared/ui/snackbar';
import { testUser } from '../../../shared/testing/test-user';

export { testUser };

// MUI in jsdom and query round trips can take over the default 1 s on a busy machine.

/** Shows the current address, so tests can assert navigation and query changes by text. */
export function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders catalogue routes in a memory router under the providers pages rely on. `routes` are the
 * patterns and elements under test; the signed-in user is stored first (the API client reads it).
 */
export function renderRoutes(
  routes: { path: string; element: ReactNode }[],
  url: string,
  { user = testUser() }: { user?: StoredUser } = {},
) {
  setStoredUser(user);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes as RouteObject[], { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, user: userEvent.setup({ delay: null }) };
}
