import type { ArticleLookupAnswer, OrderChangeKinds, OrderKind } from '@mediabox/contract';
import { useCallback, useMemo, useState } from 'react';
import {
  fieldsLocked,
  orderIssues,
  tickByName,
  withArticle,
  withText,
  type CountryFlag,
  type OrderFormValues,
  type OrderTextPath,
  type PackshotType,
} from '../lib/order-form-values';

type Issues = Record<string, string>;

interface FormState {
  values: OrderFormValues;
  /** Spec 5: once the user edits the recipients, the app never fills them in over that. */
  recipientsSet: boolean;
}

/**
 * State and rules of the order form (spec 2.10, 5), shared by the create wizard and the edit form.
 * A field shows the contract's message once it was left; a server answer about a field is shown
 * until that field changes.
 */
export function useOrderForm(initial: OrderFormValues) {
  const [state, setState] = useState<FormState>({ values: initial, recipientsSet: false });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverIssues, setServerIssues] = useState<Issues>({});
  const { values } = state;
  const issues = useMemo(() => orderIssues(values), [values]);

  const update = useCallback((recipe: (values: OrderFormValues) => OrderFormValues, paths: string[]) => {
    setState((current) => ({ ...current, values: recipe(current.values) }));
    setServerIssues((current) => {
      if (!paths.some((path) => path in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([path]) => !paths.includes(path)));
    });
  }, []);

  const setText = useCallback(
    (path: OrderTextPath, text: string) => {
      if (path === 'vertretung') setState((current) => ({ ...current, recipientsSet: true }));
      update(
        (current) => {
          const next = withText(current, path, text);
          return path === 'name'
            ? { ...next, packshot: tickByName(current.name, text, next.packshot) }
            : next;
        },
        [path],
      );
    },
    [update],
  );

  const setKind = useCallback(
    (kind: OrderKind) => update((current) => ({ ...current, new: kind }), ['new']),
    [update],
  );

  const setChange = useCallback(
    (key: keyof OrderChangeKinds, checked: boolean) =>
      update((current) => ({ ...current, change: { ...current.change, [key]: checked } }), ['change']),
    [update],
  );

  const setCountry = useCallback(
    (flag: CountryFlag, checked: boolean) => update((current) => ({ ...current, [flag]: checked }), [flag]),
    [update],
  );

  const setPackshotType = useCallback(
    (type: PackshotType, checked: boolean) =>
      update((current) => ({ ...current, packshot: { ...current.packshot, [type]: checked } }), ['packshot']),
    [update],
  );

  const fillFromArticle = useCallback(
    (by: 'gtin' | 'articleId', article: ArticleLookupAnswer) =>
      update((current) => withArticle(current, by, article), ['name', 'articleId', 'gtin', 'de', 'at', 'ch']),
    [update],
  );

  /** Fills in suggested recipients, unless the user has already set the field (even to empty). */
  const suggestRecipients = useCallback((recipients: string) => {
    setState((current) =>
      current.recipientsSet || current.values.vertretung === recipients
        ? current
        : { ...current, values: { ...current.values, vertretung: recipients } },
    );
  }, []);

  const touch = useCallback(
    (path: string) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    [],
  );

  /** The message to show under a field (a translation key), if any. */
  const issueOf = (path: string): string | undefined =>
    serverIssues[path] ?? (touched.has(path) ? issues[path] : undefined);

  return {
    values,
    issues,
    serverIssues,
    recipientsSet: state.recipientsSet,
    valid: Object.keys(issues).length === 0 && Object.keys(serverIssues).length === 0,
    locked: fieldsLocked(values),
    issueOf,
    touch,
    setText,
    setKind,
    setChange,
    setCountry,
    setPackshotType,
    fillFromArticle,
    suggestRecipients,
    setServerIssues,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
