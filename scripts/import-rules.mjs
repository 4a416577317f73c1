// Which part of the code may import which (docs/architecture.md, "Module dependencies"). The
// checker (scripts/check-imports.mjs) resolves every import to a file, so a rule is about files, not
// about how an import happens to be spelled.

/**
 * Server modules (apps/server/src/modules/<name>) and the modules each may import. An arrow not
 * listed is refused; together the arrows form no cycle. `context.ts` wires services of different
 * modules together and may import them all.
 */
export const SERVER_MODULE_ARROWS = {
  accounts: ['audit'],
  admin: ['accounts', 'audit', 'catalogue', 'media', 'search', 'takedown'],
  audit: [],
  // The cart judges chosen presets (issue 21.3) with media's conversion plan and verdicts.
  cart: ['catalogue', 'media', 'presets'],
  catalogue: ['tracking', 'media', 'search'],
  // Converted files made once per source and preset version (issue 21.4), in the renditions lane.
  conversions: ['media', 'presets'],
  delivery: ['cart', 'catalogue', 'tracking', 'accounts', 'conversions', 'media', 'presets'],
  health: ['media'],
  insights: [],
  // Named lists (issue 22.4): items are presented by the catalogue; "to cart" is a port (context.ts).
  lists: ['catalogue'],
  media: [],
  orders: ['media'],
  // Conversion presets (issue 21.1): data only; admin changes write the audit log.
  presets: ['audit'],
  search: [],
  settings: [],
  takedown: ['accounts', 'audit'],
  tracking: [],
};

/**
 * The zone a repository path belongs to, or null for files outside the checked code. Zones are
 * names like `server:module:cart`; the prefix says which rules apply.
 */
export function zoneOf(file) {
  if (file.startsWith('packages/contract/src/')) return 'contract';
  let match = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (match) return `server:module:${match[1]}`;
  if (file.startsWith('apps/server/src/platform/')) return 'server:platform';
  if (file.startsWith('apps/server/')) return 'server:other';
  match = /^apps\/web\/src\/features\/([^/]+)\//.exec(file);
  if (match) return `web:feature:${match[1]}`;
  if (file.startsWith('apps/web/src/shared/')) return 'web:shared';
  if (file.startsWith('apps/web/')) return 'web:other';
  return null;
}

/**
 * Tests, their helpers and shared suites (`*.contract.ts`: one suite every implementation of an
 * interface passes) may reach across modules (a seed, a test world); production code may not.
 */
export function isTestCode(file) {
  return (
    /\.(test|contract)\.(ts|tsx|mts)$/.test(file) ||
    /\/testing\//.test(file) ||
    file.startsWith('apps/server/src/test/')
  );
}

/** The benchmarks measure the whole product (the server, the web build) and ship in neither. */
const isBenchmark = (file) => file.startsWith('apps/server/src/bench/');

/**
 * Why `from` must not import `to` (both repository paths), or null when it may. `arrows` is the
 * server module table (a parameter so the checker's own test can use a small one).
 */
export function refusal(from, to, arrows = SERVER_MODULE_ARROWS) {
  const source = zoneOf(from);
  const target = zoneOf(to);
  if (source === null || target === null || source === target) return null;
  const side = (zone) => zone.split(':')[0];
  if (source === 'contract') return 'the contract imports no app';
  if (side(source) !== side(target) && target !== 'contract' && !isBenchmark(from)) {
    return 'server and web share only the contract';
  }
  if (source === 'server:platform' && target !== 'contract' && !isTestCode(from)) {
    return 'platform/ imports no module and no composition code';
  }
  if (source.startsWith('server:module:') && !isTestCode(from)) {
    const module = source.slice('server:module:'.length);
    if (target === 'server:other') return 'a module imports no composition code (context.ts and friends)';
    if (target.startsWith('server:module:')) {
      const other = target.slice('server:module:'.length);
      if (!(arrows[module] ?? []).includes(other)) return `no arrow ${module} -> ${other}`;
    }
  }
  if (source === 'web:shared' && target.startsWith('web:feature:'))
    return 'web shared code imports no feature';
  if (source.startsWith('web:feature:') && target.startsWith('web:feature:')) {
    return 'a feature imports no other feature';
  }
  return null;
}
