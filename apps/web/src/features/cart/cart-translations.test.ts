import { ErrorCodes, LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';

/** The top-level keys this feature owns (cart.json); `conversions` holds presets and progress (issue 21). */
const OWN = /^(cart|bundles|messages|downloads|download|conversions)\./;
const KEY_LITERAL = /['"`]((?:cart|bundles|messages|downloads|download|conversions)\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(
  [
    './**/*.{ts,tsx}',
    '../../shared/cart/*.ts',
    '../catalogue/hooks/use-cart-actions.ts',
    '!./**/*.test.{ts,tsx}',
    '!./testing/**',
    '!../../shared/cart/*.test.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Keys put together at run time (`cart.actions.${key}`, `${section}.heading`, plural forms). */
const BUILT = [
  ...['download', 'list', 'send', 'clear'].map((action) => `cart.actions.${action}`),
  ...['messages', 'downloads'].flatMap((section) =>
    ['pageTitle', 'heading', 'intro', 'empty', 'error'].map((key) => `${section}.${key}`),
  ),
  'bundles.articles_one',
  'bundles.articles_other',
  'cart.snack.skipped_one',
  'cart.snack.skipped_other',
  'cart.totals_one',
  'cart.totals_other',
  'download.fileCount_one',
  'download.fileCount_other',
  // Issue 20.2/20.3: how many got a link, how many files were withdrawn, a link's state.
  'cart.sendForm.sentLinks_one',
  'cart.sendForm.sentLinks_other',
  'download.withdrawnCount_one',
  'download.withdrawnCount_other',
  ...['active', 'revoked', 'expired'].map((state) => `messages.links.state.${state}`),
  // The confirmation of an addition (added-message.ts); alreadyPart is nested inside addedSomeAlready.
  ...['added', 'addedSomeAlready', 'alreadyPart', 'allAlready'].flatMap((key) => [
    `cart.snack.${key}_one`,
    `cart.snack.${key}_other`,
  ]),
  // Issue 21: converted files counted, confirmed, failed.
  ...['totals', 'snack.added', 'progress.failed', 'share.failedCount'].flatMap((key) => [
    `conversions.${key}_one`,
    `conversions.${key}_other`,
  ]),
];

function usedKeys(): Set<string> {
  const keys = new Set<string>(BUILT);
  for (const source of Object.values(sources))
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  for (const code of Object.values(ErrorCodes)) if (OWN.test(code)) keys.add(code);
  // Plural keys are looked up with their suffixes, checked above.
  keys.delete('bundles.articles');
  keys.delete('cart.snack.skipped');
  keys.delete('cart.totals');
  keys.delete('download.fileCount');
  keys.delete('cart.sendForm.sentLinks');
  keys.delete('download.withdrawnCount');
  for (const key of ['added', 'addedSomeAlready', 'allAlready']) keys.delete(`cart.snack.${key}`);
  for (const key of ['totals', 'snack.added', 'progress.failed', 'share.failedCount'])
    keys.delete(`conversions.${key}`);
  return keys;
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('cart translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(40);
  });

  it.each(LANGUAGES)('has every key the cart screens use in %s', (lang) => {
    const missing = [...usedKeys()].filter((key) => typeof lookup(resources[lang], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it("reads exactly 'Ungültiger Link' in German (spec 2.8)", () => {
    expect(lookup(resources.de, ErrorCodes.bundleNotFound)).toBe('Ungültiger Link');
  });
});
