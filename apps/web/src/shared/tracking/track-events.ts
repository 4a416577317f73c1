import {
  COUNTRY_BY_QUERY,
  LANGUAGES,
  type TRACK_COUNTRIES,
  type Country,
  type Language,
  type SearchEvent,
} from '@mediabox/contract';
import { i18n } from '../i18n';
import { getPreference } from '../preferences';
import { trackedPath } from './tracked-path';
import { tracker } from './tracking-queue';

/** The country as in the `?c=` parameter (germany -> de), as page views record it. */
const QUERY_CODE_OF = Object.fromEntries(
  Object.entries(COUNTRY_BY_QUERY).map(([code, country]) => [country, code]),
) as Record<Country, (typeof TRACK_COUNTRIES)[number]>;

function currentLanguage(): Language | undefined {
  const lang = (i18n.resolvedLanguage ?? i18n.language)?.slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : undefined;
}

/** A page view of `path` (the route only), with the country and language the visitor sees it in. */
export function trackPageView(path: string): void {
  tracker.track({
    type: 'pageView',
    path: trackedPath(path),
    country: QUERY_CODE_OF[getPreference('country')],
    lang: currentLanguage(),
  });
}

export interface TrackedSearch {
  query: string;
  /** The total number of hits (`numberTotal`), not the size of the first page. */
  resultCount: number;
  /** The drawer's ticked top categories, if any. */
  categories: readonly number[];
  rootId: number;
}

/** A search whose first page of results has arrived. */
export function trackSearch({ query, resultCount, categories, rootId }: TrackedSearch): void {
  const event: SearchEvent = { type: 'search', query, resultCount, rootId };
  if (categories.length > 0) event.filters = { categories: [...categories] };
  tracker.track(event);
}
