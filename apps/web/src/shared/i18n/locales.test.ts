import { describe, expect, it } from 'vitest';

/**
 * Translation parity (DESIGN "Conventions"): every file in locales/de has a twin in en and fr with
 * exactly the same keys, arrays flattened by index; no text is empty; interpolation placeholders
 * match. Failures list every offending key, per language.
 */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const modules = import.meta.glob<{ default: Json }>('./locales/*/*.json', { eager: true });
const REFERENCE = 'de';
const OTHERS = ['en', 'fr'] as const;

const files = new Map<string, Json>();
for (const [path, module] of Object.entries(modules)) {
  const match = /\.\/locales\/(\w+)\/(.+\.json)$/.exec(path);
  if (match) files.set(`${match[1]}/${match[2]}`, module.default);
}
const fileNames = (lang: string) =>
  [...files.keys()].filter((key) => key.startsWith(`${lang}/`)).map((key) => key.slice(lang.length + 1));

/** Leaves of a JSON tree as `a.b.0.c` → value; a nested empty object or array counts as a (bad) leaf. */
function flatten(value: Json, prefix = '', into = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const placeholders = (text: Json) =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

describe('translation files', () => {
  it('has German reference files', () => {
    expect(fileNames(REFERENCE).length).toBeGreaterThan(0);
  });

  it.each(OTHERS)('%s has no file that German lacks', (lang) => {
    const extra = fileNames(lang).filter((name) => !files.has(`${REFERENCE}/${name}`));
    expect(extra, `files in ${lang} without a ${REFERENCE} twin`).toEqual([]);
  });

  describe.each(fileNames(REFERENCE))('%s', (name) => {
    const reference = flatten(files.get(`${REFERENCE}/${name}`) ?? {});

    it.each(OTHERS)('exists in %s with exactly the German keys', (lang) => {
      const other = files.get(`${lang}/${name}`);
      expect(other, `${lang}/${name} is missing`).toBeDefined();
      const keys = flatten(other ?? {});
      const missing = [...reference.keys()].filter((key) => !keys.has(key));
      const extra = [...keys.keys()].filter((key) => !reference.has(key));
      expect({ missing, extra }, `${lang}/${name}: keys missing in ${lang} / keys only in ${lang}`).toEqual({
        missing: [],
        extra: [],
      });
    });

    it.each(OTHERS)('uses the German placeholders in %s', (lang) => {
      const keys = flatten(files.get(`${lang}/${name}`) ?? {});
      const differing = [...reference.entries()]
        .filter(([key, text]) => keys.has(key) && placeholders(text) !== placeholders(keys.get(key) ?? ''))
        .map(([key]) => key);
      expect(differing, `${lang}/${name}: keys whose {{placeholders}} differ from ${REFERENCE}`).toEqual([]);
    });

    it.each([REFERENCE, ...OTHERS])('has only non-empty texts in %s', (lang) => {
      const keys = flatten(files.get(`${lang}/${name}`) ?? {});
      const empty = [...keys.entries()]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, `${lang}/${name}: empty or non-text values`).toEqual([]);
    });
  });
});
