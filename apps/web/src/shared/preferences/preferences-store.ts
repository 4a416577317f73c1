import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  ORDER_DEFAULT_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  type Country,
} from '@mediabox/contract';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Local preferences of spec 3, each under its own local-storage key (view, country, rowsPerPage).
 * The language (key `lang`) is owned by shared/i18n because i18next must change together with it;
 * use `setLanguage` from there.
 */
export const VIEWS = ['grid', 'list'] as const;
export type View = (typeof VIEWS)[number];
export type RowsPerPage = (typeof ORDER_PAGE_SIZES)[number];

export interface Preferences {
  view: View;
  country: Country;
  rowsPerPage: RowsPerPage;
}
export type PreferenceKey = keyof Preferences;

const DEFAULTS: Preferences = {
  view: 'grid',
  country: DEFAULT_COUNTRY,
  rowsPerPage: ORDER_DEFAULT_PAGE_SIZE,
};

/** Stored values are plain strings; anything unknown (an old version, a hand edit) falls back to the default. */
const PARSERS: { [K in PreferenceKey]: (raw: string) => Preferences[K] | undefined } = {
  view: (raw) => ((VIEWS as readonly string[]).includes(raw) ? (raw as View) : undefined),
  country: (raw) => ((COUNTRIES as readonly string[]).includes(raw) ? (raw as Country) : undefined),
  rowsPerPage: (raw) =>
    (ORDER_PAGE_SIZES as readonly number[]).find((size) => String(size) === raw) as RowsPerPage | undefined,
};

const listeners = new Set<() => void>();

export function getPreference<K extends PreferenceKey>(key: K): Preferences[K] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy mode); the defaults still make a working app.
  }
  return (raw === null ? undefined : PARSERS[key](raw)) ?? DEFAULTS[key];
}

export function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // See getPreference: the choice then lasts only until the next reload.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing a preference updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key in DEFAULTS) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One preference and its setter; components re-render when it changes anywhere. */
export function usePreference<K extends PreferenceKey>(
  key: K,
): [Preferences[K], (value: Preferences[K]) => void] {
  // Values are primitives, so reading storage on every snapshot stays referentially stable.
  const value = useSyncExternalStore(
    subscribe,
    () => getPreference(key),
    () => DEFAULTS[key],
  );
  const set = useCallback((next: Preferences[K]) => setPreference(key, next), [key]);
  return [value, set];
}
