import type { FastifyInstance } from 'fastify';
import type { Access } from './access.js';

/** One method of one registered route, with the access rule it declared (none for static web files). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRoutes`, one entry per method (HEAD included). */
    routeInventory: readonly RegisteredRoute[];
  }
}

/**
 * Keeps a list of every route the app registers. The permission test walks it, so a route added
 * without an entry in the expected-rules table fails the build instead of going unchecked.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeInventory', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
}
