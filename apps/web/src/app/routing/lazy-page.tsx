import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/** Loads a page module on first visit so the initial bundle holds only the shell (DESIGN: pages load lazily). */
export function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A "coming soon" page for screens that later issues build; `titleKey` names the page. */
export function placeholder(titleKey: string): RouteObject['lazy'] {
  return async () => {
    const { PlaceholderPage } = await import('../placeholder-page');
    return { element: <PlaceholderPage titleKey={titleKey} /> };
  };
}
