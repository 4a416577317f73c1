import { ORDER_LOOKUP_MIN_CHARS, type ArticleLookupAnswer } from '@mediabox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { lookupArticle, type ArticleLookupBy } from '../api/article-lookup';
import { orderKeys } from '../api/order-keys';

/** Typing pauses this long before a number is looked up, so not every keystroke asks the server. */
export const ARTICLE_LOOKUP_DEBOUNCE_MS = 400;
/** Articles do not change while someone fills in a form. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** What the lookup is doing for the field typed in last; no status (null) when there is nothing to say. */
export type LookupStatus = 'searching' | 'notFound' | 'failed';

/**
 * Looks up the article behind a GTIN or article number once more than ORDER_LOOKUP_MIN_CHARS
 * characters are typed (spec 5, 9) and hands what it finds to `onFound`. Only the newest request
 * counts: an answer for a number the user has typed past is dropped.
 */
export function useArticleLookup(onFound: (by: ArticleLookupBy, article: ArticleLookupAnswer) => void) {
  const client = useQueryClient();
  const [status, setStatus] = useState<{ by: ArticleLookupBy; status: LookupStatus } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  }, [onFound]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (by: ArticleLookupBy, value: string, ticket: number) => {
      setStatus({ by, status: 'searching' });
      try {
        const article = await client.fetchQuery({
          queryKey: orderKeys.article(by, value),
          queryFn: ({ signal }) => lookupArticle(by, value, signal),
          staleTime: LOOKUP_STALE_MS,
        });
        if (ticket !== latest.current) return;
        setStatus(article ? null : { by, status: 'notFound' });
        if (article) found.current(by, article);
      } catch {
        if (ticket === latest.current) setStatus({ by, status: 'failed' });
      }
    },
    [client],
  );

  /** Called with every change of the GTIN or article number field. */
  const request = useCallback(
    (by: ArticleLookupBy, raw: string) => {
      clearTimeout(timer.current);
      const ticket = ++latest.current;
      const value = raw.trim();
      setStatus(null);
      if (value.length <= ORDER_LOOKUP_MIN_CHARS) return;
      timer.current = setTimeout(() => void run(by, value, ticket), ARTICLE_LOOKUP_DEBOUNCE_MS);
    },
    [run],
  );

  /** Forgets a pending lookup (the mode changed, the form was locked). */
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    latest.current += 1;
    setStatus(null);
  }, []);

  return { request, cancel, status };
}
