import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routing/routes';

export function createAppRouter(client: QueryClient) {
  return createBrowserRouter(appRoutes(client));
}
