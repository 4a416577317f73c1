import { COUNTRY_ROOTS, endpoints, type SuggestAnswer } from '@mediabox/contract';
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/use-language';
import { usePreference } from '../../shared/preferences';

/** A single letter narrows nothing and costs the most to match (shared notes): wait for two. */
const MIN_SUGGEST_LENGTH = 2;

/**
 * Issue 22.3: the suggestions for `text` (already debounced by the caller), in the interface
 * language and the chosen country; null while there is nothing to show. A newer text cancels the
 * call of an older one, and a failed call shows nothing: the search itself still works.
 */
export function useSearchSuggestions(text: string): SuggestAnswer | null {
  const lang = useLanguage();
  const [country] = usePreference('country');
  const [answer, setAnswer] = useState<{ key: string; value: SuggestAnswer } | null>(null);
  const q = text.trim();
  const key = `${COUNTRY_ROOTS[country]}:${lang}:${q}`;

  useEffect(() => {
    if (q.length < MIN_SUGGEST_LENGTH) return;
    const controller = new AbortController();
    api(endpoints.searchSuggest, {
      query: { q, lang, rootId: COUNTRY_ROOTS[country] },
      signal: controller.signal,
    }).then(
      (value) => setAnswer({ key, value }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key, q, lang, country]);

  return q.length >= MIN_SUGGEST_LENGTH && answer?.key === key ? answer.value : null;
}
