import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import type { MatchExpression } from './match-expression.js';
import { PostgresSearchBackend } from './postgres-search-backend.js';
import type { MatchHint, SearchBackend } from './search-backend.js';
import { createSearchIndex } from './search-index-factory.js';
import { SqliteSearchBackend } from './sqlite-search-backend.js';
import { insertCatalogue, type CatalogueAsset } from './testing/search-catalogue.js';

/**
 * How a backend finds the newest matches may follow the index's hint (PostgreSQL walks the newest
 * documents or fetches every match through GIN, SQLite ignores it); what it answers may not. 300
 * assets in known proportions: "alpha" in every third, "beta" in every 50th, "gamma" in the first
 * five, "delta" in 15; categories 10 and 20 alternate.
 */
describeEachDatabase('newest matches', (dialect) => {
  let t: TestApp;
  let backend: SearchBackend;
  let ids: number[];
  const words = (index: number) =>
    [
      `Produkt${index}`,
      index % 3 === 0 ? 'alpha' : '',
      index % 50 === 0 ? 'beta' : '',
      index < 5 ? 'gamma' : '',
      index % 20 === 7 ? 'delta' : '',
    ].join(' ');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const assets: CatalogueAsset[] = Array.from({ length: 300 }, (_, index) => ({
      key: `a${index}`,
      container: index % 2 === 0 ? 10 : 20,
      de: words(index),
    }));
    const byKey = await insertCatalogue(t.context.database.db, assets);
    ids = assets.map((asset) => byKey[asset.key]!);
    await t.context.search.rebuild();
    const db = t.context.database.db;
    backend = dialect === 'postgres' ? new PostgresSearchBackend(db) : new SqliteSearchBackend(db);
  });
  afterAll(() => t.close());

  const word = (term: string, prefix = false): MatchExpression => [[{ term, prefix }]];
  /** The ids holding the word, newest first, from the generated names. */
  const expected = (test: (index: number) => boolean, limit: number) =>
    ids
      .filter((_, index) => test(index))
      .reverse()
      .slice(0, limit);
  const hint = (share: number, extra: Partial<MatchHint> = {}): MatchHint => ({
    share,
    maxShare: share,
    documents: ids.length,
    minId: ids[0]!,
    maxId: ids.at(-1)!,
    spelledOut: [],
    ...extra,
  });
  const newest = (expression: MatchExpression, limit: number, h?: MatchHint, enough?: number) =>
    backend.newestIds(1, expression, undefined, limit, {
      ...(h ? { hint: { ...h, spelledOut: h.spelledOut.length ? h.spelledOut : expression } } : {}),
      ...(enough ? { enough } : {}),
    });

  it('answers the same newest matches whichever way the hint points', async () => {
    const alpha = expected((index) => index % 3 === 0, 40);
    expect(await newest(word('alpha'), 40)).toEqual(alpha);
    // Dense: the walk; rare: every match through the index; both: the same ids.
    expect(await newest(word('alpha'), 40, hint(1))).toEqual(alpha);
    expect(await newest(word('alpha'), 40, hint(0))).toEqual(alpha);
    expect(await newest(word('alph', true), 40, hint(1))).toEqual(alpha);
  });

  it('falls back from a walk that finds too few, and returns every match of a rare word', async () => {
    const beta = expected((index) => index % 50 === 0, 10);
    expect(beta).toHaveLength(6);
    expect(await newest(word('beta'), 10, hint(1))).toEqual(beta);
    expect(await newest(word('gamma'), 10, hint(0.9))).toEqual(expected((index) => index < 5, 10));
    expect(
      await newest([[{ term: 'alpha', prefix: false }], [{ term: 'beta', prefix: false }]], 10, hint(1)),
    ).toEqual(expected((index) => index % 150 === 0, 10));
  });

  it('walks documents indexed after the hint was taken', async () => {
    // A hint whose counts end 100 documents early, as a cached one may.
    const stale = hint(1, { maxId: ids[199]!, documents: 200 });
    expect(await newest(word('alpha'), 20, stale)).toEqual(expected((index) => index % 3 === 0, 20));
  });

  it('may stop at enough matches, and fewer than enough are all of them', async () => {
    const some = await newest(word('alpha'), 60, hint(1), 11);
    expect(some.length).toBeGreaterThanOrEqual(11);
    expect(some).toEqual(expected((index) => index % 3 === 0, some.length));
    expect(await newest(word('delta'), 60, hint(1), 20)).toEqual(expected((index) => index % 20 === 7, 60));
  });

  it('filters by category on either way', async () => {
    const even = expected((index) => index % 3 === 0 && index % 2 === 0, 30);
    for (const h of [hint(1), hint(0)]) {
      const found = await backend.newestIds(1, word('alpha'), [10], 30, {
        hint: { ...h, spelledOut: word('alpha') },
      });
      expect(found).toEqual(even);
    }
  });

  it('keeps totals below the sample exact and extrapolates common words from a smaller sample', async () => {
    const index = createSearchIndex(t.context.database, {
      sampleSize: 20,
      estimateSampleSize: 5,
      globalRankLimit: 0,
      cacheMs: 0,
    });
    const search = (text: string) => index.search({ text, rootId: 1, offset: 0, limit: 50 });
    const delta = await search('delta');
    expect(delta.totalIsEstimate).toBe(false);
    expect(delta.total).toBe(15);
    const alpha = await search('alpha');
    expect(alpha.totalIsEstimate).toBe(true);
    expect(alpha.total).toBeGreaterThan(60);
    expect(alpha.total).toBeLessThan(150);
    expect(alpha.hits.map((hit) => hit.assetId).sort((a, b) => b - a)).toEqual(
      expected((i) => i % 3 === 0, 50),
    );
  });
});
