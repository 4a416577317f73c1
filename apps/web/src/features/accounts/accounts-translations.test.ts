import { ErrorCodes, LANGUAGES } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';

/** The top-level keys this feature owns; anything else (errors.*, snack.*) is the shell's. */
const OWN = /^(login|signup|passwordreset|forgotPassword|confirm|contact|profile|consent|AppBar)\./;
const KEY_LITERAL =
  /['"`]((?:login|signup|passwordreset|forgotPassword|confirm|contact|profile|consent|AppBar)\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const source of Object.values(sources))
    for (const match of source.matchAll(KEY_LITERAL)) keys.add(match[1]!);
  for (const code of Object.values(ErrorCodes)) if (OWN.test(code)) keys.add(code);
  for (const country of ['germany', 'austria', 'switzerland']) keys.add(`contact.countries.${country}`);
  return keys;
}

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('accounts translations', () => {
  const resources = resourcesByLanguage();

  it.each(LANGUAGES)('has every key the account screens use in %s', (lang) => {
    const missing = [...usedKeys()].filter((key) => typeof lookup(resources[lang], key) !== 'string');
    expect(missing).toEqual([]);
  });
});
