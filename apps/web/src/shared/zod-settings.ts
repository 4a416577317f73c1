/**
 * The server's Content-Security-Policy forbids eval. Zod still tries `new Function` once, when it
 * builds its first object schema (in a lazily loaded page), to see whether it may compile faster
 * parsers, and the browser reports that attempt as a policy violation although zod catches it.
 * Without eval zod parses the same way either way, so it is told not to try.
 *
 * Set through the configuration object zod reads from `globalThis` (shared by all its copies)
 * rather than its `config()`, which would bring part of zod into the first download; this runs at
 * the start, before any chunk with schemas.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

export function configureZod(): void {
  const global = globalThis as ZodGlobal;
  (global.__zod_globalConfig ??= {}).jitless = true;
}
