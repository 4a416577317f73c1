import { ErrorCodes, HISTORY_ACTIONS, LANGUAGES, ORDER_KINDS, ORDER_STATUSES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';
import { ORDER_TABS, SORT_COLUMNS, tabLabelKey } from './lib/order-list';

/**
 * The keys of the list and detail screens (orders.json). The create wizard and the Basisdaten tab
 * check their own (order-form.json).
 */
const KEY_LITERAL = /['"`]((?:orders|order)\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(
  [
    './api/orders-api.ts',
    './pages/orders-page.tsx',
    './pages/order-detail-page.tsx',
    './components/orders-table.tsx',
    './components/order-status-icon.tsx',
    './components/order-files-tab.tsx',
    './components/file-preview-dialog.tsx',
    './components/order-review-tab.tsx',
    './components/order-status-stepper.tsx',
    './components/order-next-actions.tsx',
    './components/correction-dialog.tsx',
    './components/complete-order-dialog.tsx',
    './components/order-history-tab.tsx',
    './lib/order-history.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys put together at run time (`orders.status.${status}`, field labels of the history, …). */
const BUILT = [
  ...ORDER_TABS.map(tabLabelKey),
  ...SORT_COLUMNS.map((column) => `orders.table.${column}`),
  ...ORDER_STATUSES.map((status) => `orders.status.${status}`),
  ...HISTORY_ACTIONS.map((action) => `orders.history.actions.${action}`),
  ...ORDER_KINDS.map((kind) => `orders.history.values.kind.${kind}`),
  ...['yes', 'no', 'empty'].map((value) => `orders.history.values.${value}`),
  ...['name', 'articleId', 'gtin', 'country', 'new', 'change', 'packshot', 'status', 'active'].map(
    (field) => `orders.history.fields.${field}`,
  ),
  ...['data', 'packshot', 'ecommerce', 'single', 'tray', 'display', 'other'].map(
    (key) => `orders.history.values.keys.${key}`,
  ),
  ...['first', 'previous', 'next', 'last'].map((page) => `orders.table.${page}Page`),
];

function usedKeys(): Set<string> {
  const keys = new Set<string>(BUILT);
  for (const source of Object.values(sources))
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  for (const code of Object.values(ErrorCodes)) if (code.startsWith('order.errors.')) keys.add(code);
  // Prefixes that code completes with a field or key name.
  for (const prefix of ['orders.history.fields', 'orders.history.values.keys']) keys.delete(prefix);
  return keys;
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('orders translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(90);
  });

  it.each(LANGUAGES)('has every key the list and detail screens use in %s', (lang) => {
    const missing = [...usedKeys()].filter((key) => typeof lookup(resources[lang], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('reads the texts of spec 2.10 in German', () => {
    const de = (key: string) => lookup(resources.de, key);
    expect(de('order.errors.notFound')).toBe('Auftrag nicht gefunden');
    expect(de('orders.table.empty')).toBe('Keine Aufträge vorhanden');
    // One name per state (issue 19): the tabs read like the status everywhere else, "Erledigt" too.
    expect(ORDER_TABS.map((tab) => de(tabLabelKey(tab)))).toEqual([
      'In Bearbeitung',
      'Bereit zur Abnahme',
      'Abgelehnt',
      'Akzeptiert',
      'Alle anzeigen',
      'Erledigt',
    ]);
    expect(ORDER_STATUSES.map((status) => de(`orders.status.${status}`))).toEqual([
      'In Bearbeitung',
      'Bereit zur Abnahme',
      'Akzeptiert',
      'Abgelehnt',
      'Erledigt',
    ]);
    expect(['basics', 'review', 'history'].map((tab) => de(`orders.detail.tabs.${tab}`))).toEqual([
      'Basisdaten',
      'Freigabe & Korrekturen',
      'Verlauf',
    ]);
    const actions = ['toReview', 'accept', 'requestCorrection', 'complete'];
    expect(actions.map((action) => de(`orders.actions.${action}`))).toEqual([
      'Zur Abnahme geben',
      'Freigeben',
      'Korrektur anfordern',
      'Abschließen',
    ]);
    expect(de('order.errors.gtinCheckDigit')).toBe('Prüfziffer falsch: erwartet {{expected}}');
  });
});
