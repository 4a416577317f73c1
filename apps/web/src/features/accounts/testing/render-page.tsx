import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SnackbarProvider } from '../../../shared/ui/snackbar';

// Lazy MUI chunks and query round trips can take over the default 1 s when the machine is busy.

/** Renders where the visitor landed, so tests can assert navigation by text. */
function WhereAmI() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one page under the real providers with a memory router. `path` is the route pattern,
 * `url` the address visited; any other address shows "at <path>".
 */
export function renderPage(page: ReactElement, { path, url = path }: { path: string; url?: string }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [url] },
  );
  // No pause between keystrokes: MUI forms in jsdom are slow enough already.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { user, router, queryClient, ...view };
}

/** jest-dom is not installed; these read the DOM state tests assert on. */
export const isDisabled = (element: HTMLElement): boolean => (element as HTMLButtonElement).disabled;
export const valueOf = (element: HTMLElement): string => (element as HTMLInputElement).value;
