import { COUNTRY_BY_QUERY, type Language } from '@mediabox/contract';
import { data, replace, type LoaderFunctionArgs } from 'react-router';
import { setLanguage } from '../../shared/i18n';
import { setPreference } from '../../shared/preferences';

/**
 * react-router has no pattern constraints on params, so numeric-only routes (spec 2.1 `/{nodeId}`,
 * `/asset/{id}`) check in a loader: a 404 here is shown as 'No route for …' by the error boundary,
 * before any guard could send a guest to /login for a path that does not exist.
 */
export function numericParam(name: string) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!/^\d+$/.test(params[name] ?? '')) throw data(null, { status: 404 });
    return null;
  };
}

/**
 * `/de`, `/en`, `/fr`: store the language, then go home (keeping the query, e.g. `?c=at`). Replacing
 * the entry keeps the back button from landing on the language path and bouncing home again.
 */
export function languageRedirect(lang: Language) {
  return ({ request }: LoaderFunctionArgs) => {
    setLanguage(lang);
    return replace(`/${new URL(request.url).search}`);
  };
}

/** `?c=de|at|ch` on any route sets the country preference (spec 2.1). */
export function applyCountryQuery(search: string): void {
  const code = new URLSearchParams(search).get('c');
  if (code && Object.hasOwn(COUNTRY_BY_QUERY, code)) {
    setPreference('country', COUNTRY_BY_QUERY[code as keyof typeof COUNTRY_BY_QUERY]);
  }
}

/** Runs loaders one after another; a check first stops the rest by throwing (e.g. a 404). */
export function loaders(...steps: ((args: LoaderFunctionArgs) => unknown)[]) {
  return (args: LoaderFunctionArgs) => {
    for (const step of steps) step(args);
    return null;
  };
}
