import type { ListAnswer, ListItem, StoredUser } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setStoredUser } from '../../../shared/auth/user-store';
import { testUser } from '../../../shared/testing/test-user';
import { SnackbarProvider } from '../../../shared/ui/snackbar';

// MUI in jsdom and query round trips can take over the default 1 s on a busy machine.

/** Renders the lists pages in a memory router under the providers they rely on. */
export function renderListRoutes(
  routes: { path: string; element: ReactNode }[],
  url: string,
  user: StoredUser = testUser(),
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

/** A visible item (with a thumbnail ticket) or, with `withdrawn`, one shown without any file. */
export function listItem(assetId: number, name: string, withdrawn = false): ListItem {
  return {
    assetId,
    name: { de: name },
    withdrawn,
    asset: withdrawn
      ? null
      : ({
          id: assetId,
          name: { de: name },
          defaultThumbTicket: `/api/file/${assetId}/thumb?sig=x`,
        } as ListItem['asset']),
  };
}

export function listAnswer(overrides: Partial<ListAnswer> & { items?: ListItem[] } = {}): ListAnswer {
  const items = overrides.items ?? [];
  return {
    list: {
      id: 7,
      name: 'Messe Frühjahr 2027',
      itemCount: items.length,
      updatedAt: '2026-11-27T10:00:00.000Z',
      owner: 'Erika Muster',
    },
    mine: true,
    items,
    shares: [],
    ...overrides,
  };
}
