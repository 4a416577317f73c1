import type { StoredUser } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { SnackbarProvider } from '../../../shared/ui/snackbar';
import { testUser } from '../../../shared/testing/test-user';

export { testUser };

// MUI in jsdom and query round trips can take over the default 1 s on a busy machine.

/** Renders one page under the providers it relies on; `user: null` renders it for a guest. */
export function renderCartRoute(
  route: { path: string; element: ReactNode },
  url: string,
  { user = testUser() }: { user?: StoredUser | null } = {},
) {
  setStoredUser(user);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([route] as RouteObject[], { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, user: userEvent.setup({ delay: null }) };
}

/** jest-dom is not installed; these read the DOM state tests assert on. */
export const isDisabled = (element: HTMLElement): boolean => (element as HTMLButtonElement).disabled;
export const isChecked = (element: HTMLElement): boolean => (element as HTMLInputElement).checked;
