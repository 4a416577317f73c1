import { LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';
import { translationAt, usedTranslationKeys } from '../../shared/testing/translation-keys';
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

const usedKeys = () =>
  usedTranslationKeys({ sources, pattern: KEY_LITERAL, built: BUILT, errorPrefix: 'insights.errors.' });

describe('insights translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(40);
  });

  it.each(LANGUAGES)('has every key the insights use in %s', (lang) => {
    // Counted texts exist as plural forms (`…_one`, `…_other`) only.
    const has = (key: string) =>
      typeof translationAt(resources[lang], key) === 'string' ||
      typeof translationAt(resources[lang], `${key}_other`) === 'string';
    expect([...usedKeys()].filter((key) => !has(key))).toEqual([]);
  });
});
