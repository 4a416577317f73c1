import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/** Loads a page module on first visit so the initial bundle holds only the shell (DESIGN: pages load lazily). */
export function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}
