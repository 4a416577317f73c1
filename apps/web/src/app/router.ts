import { createBrowserRouter } from 'react-router';
import { routes } from './routing/routes';

export function createAppRouter() {
  return createBrowserRouter(routes);
}
