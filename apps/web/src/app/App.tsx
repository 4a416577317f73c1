import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import type { createAppRouter } from './router';

interface AppProps {
  client: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The router and query cache come from main.tsx, which starts them before the first render. */
export function App({ client, router }: AppProps) {
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
