import {
  COUNTRY_BY_QUERY,
  LANGUAGES,
  type TRACK_COUNTRIES,
  type Country,
  type Language,
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
