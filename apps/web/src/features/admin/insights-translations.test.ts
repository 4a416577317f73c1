import { ErrorCodes, LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n';
import { QUICK_RANGES } from './lib/insights-range';

/** Every `insights.…` key the insights screen names literally, plus those put together at run time. */
const KEY_LITERAL = /['"`](insights\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(
  ['./**/insights-*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./testing/**'],
  { query: '?raw', import: 'default', eager: true },
);

const BUILT = [
  'admin.tabs.insights',
  ...QUICK_RANGES.map((choice) => `insights.range.quickRanges.${choice}`),
  ...['downloads', 'pageViews', 'searches', 'registrations'].map((id) => `insights.totals.${id}`),
  ...['internal', 'external', 'guest'].map((id) => `insights.audiences.${id}`),
  ...['de', 'at', 'ch', 'unknown'].map((id) => `insights.countries.${id}`),
];

function usedKeys(): Set<string> {
  const keys = new Set<string>(BUILT);
  for (const source of Object.values(sources))
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  for (const code of Object.values(ErrorCodes)) if (code.startsWith('insights.errors.')) keys.add(code);
  for (const key of [...keys]) if (key.endsWith('.')) keys.delete(key);
  return keys;
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('insights translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(40);
  });

  it.each(LANGUAGES)('has every key the insights use in %s', (lang) => {
    // Counted texts exist as plural forms (`…_one`, `…_other`) only.
    const has = (key: string) =>
      typeof lookup(resources[lang], key) === 'string' ||
      typeof lookup(resources[lang], `${key}_other`) === 'string';
    expect([...usedKeys()].filter((key) => !has(key))).toEqual([]);
  });
});
