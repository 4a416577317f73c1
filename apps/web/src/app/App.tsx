import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app-providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * Created on first render, not at import: the router runs the first route's loader at once, and
 * loaders such as /en need i18n, which main.tsx initialises after its imports.
 */
function getRouter() {
  router ??= createAppRouter();
  return router;
}

export function App() {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={getRouter()} />
    </AppProviders>
  );
}
