import type { StoredUser } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { testUser } from '../../../shared/testing/test-user';
import { SnackbarProvider } from '../../../shared/ui/snackbar';

export { testUser };

// MUI in jsdom and query round trips can take over the default 1 s on a busy machine.

/** Shows the current address, so tests can assert navigation by text. */
export function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Renders one admin page at `url` under the providers pages rely on, signed in as a super user. */
export function renderAdminPage(
  page: ReactNode,
  url: string,
  { user = testUser({ isSuperUser: true }) }: { user?: StoredUser } = {},
) {
  setStoredUser(user);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const routes: RouteObject[] = [
    { path: url.split('?')[0], element: page },
    { path: '/asset/:id', element: <WhereAmI /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, user: userEvent.setup({ delay: null }) };
}
