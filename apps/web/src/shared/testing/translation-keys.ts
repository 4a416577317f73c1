import { ErrorCodes } from '@mediabox/contract';

/**
 * What a feature's translation test checks: every key its source files name literally (matched by
 * `pattern`, whose first group is the key), the keys it builds at run time (`built`), and the
 * server's error codes under `errorPrefix`. Literal prefixes (`'admin.tabs.'`) are completed at run
 * time, so they are not keys themselves.
 */
export function usedTranslationKeys(options: {
  sources: Record<string, string>;
  pattern: RegExp;
  built: string[];
  errorPrefix: string;
}): Set<string> {
  const keys = new Set<string>(options.built);
  for (const source of Object.values(options.sources))
    for (const match of source.matchAll(options.pattern)) keys.add(match[1]!);
  for (const code of Object.values(ErrorCodes)) if (code.startsWith(options.errorPrefix)) keys.add(code);
  for (const key of [...keys]) if (key.endsWith('.')) keys.delete(key);
  return keys;
}

/** The value at a dotted key of a language's merged resources (undefined when any part is missing). */
export function translationAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}
