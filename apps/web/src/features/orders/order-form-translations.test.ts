import { LANGUAGES, ORDER_KINDS } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';
import { COUNTRY_FLAGS, PACKSHOT_GTIN_TYPES, PACKSHOT_TYPES } from './lib/order-form-values';

/** The keys of the create wizard and the Basisdaten tab (order-form.json); orders.json has its own test. */
const KEY_LITERAL = /['"`](orderForm\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(
  [
    './pages/order-create-page.tsx',
    './components/basics-tab.tsx',
    './components/order-form/*.tsx',
    './components/complete-order-dialog.tsx',
    './lib/save-errors.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys put together at run time (`orderForm.kind.${kind}`, …). */
const BUILT = [
  ...['basics', 'files', 'summary'].map((step) => `orderForm.create.steps.${step}`),
  ...ORDER_KINDS.map((kind) => `orderForm.kind.${kind}`),
  ...['data', 'packshot'].map((key) => `orderForm.change.${key}`),
  ...COUNTRY_FLAGS.map((flag) => `orderForm.countries.${flag}`),
  ...PACKSHOT_TYPES.map((type) => `orderForm.packshot.${type}`),
  ...PACKSHOT_GTIN_TYPES.map((type) => `orderForm.packshot.gtin.${type}`),
  ...['TooLarge', 'TooMany', 'Type', 'Content'].map((reason) => `orderForm.files.refused${reason}`),
];

function usedKeys(): Set<string> {
  const keys = new Set<string>(BUILT);
  for (const source of Object.values(sources))
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  return keys;
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('order form translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(80);
  });

  it.each(LANGUAGES)('has every key the wizard and the Basisdaten tab use in %s', (lang) => {
    const missing = [...usedKeys()].filter((key) => typeof lookup(resources[lang], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('reads the texts of spec 2.10 and 4 in German', () => {
    const de = (key: string) => lookup(resources.de, `orderForm.${key}`);
    expect(de('create.title')).toBe('Auftrag erstellen');
    expect(de('create.submit')).toBe('Auftrag erstellen');
    expect(['basics', 'files', 'summary'].map((step) => de(`create.steps.${step}`))).toEqual([
      'Basisdaten',
      'Dateien',
      'Zusammenfassung',
    ]);
    expect(ORDER_KINDS.map((kind) => de(`kind.${kind}`))).toEqual(['Neuanlage', 'Änderung', 'Auslistung']);
    expect([de('change.data'), de('change.packshot')]).toEqual(['Datenänderung', 'Bildänderung']);
    expect(COUNTRY_FLAGS.map((flag) => de(`countries.${flag}`))).toEqual([
      'Deutschland',
      'Österreich',
      'Schweiz',
    ]);
    expect(['single', 'tray', 'other'].map((type) => de(`packshot.${type}`))).toEqual([
      'Einzelverpackung',
      'Regalkarton/Tray',
      'Sonstiges',
    ]);
    expect([
      de('basics.edit'),
      de('basics.delete'),
      de('basics.save'),
      de('basics.cancel'),
      de('notify'),
    ]).toEqual([
      'Auftrag bearbeiten',
      'Auftrag löschen',
      'Änderungen speichern',
      'Abbrechen',
      'Benachrichtigen',
    ]);
  });
});
