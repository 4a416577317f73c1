import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import type { FullTextSearchIndex } from './full-text-search-index.js';
import { createSearchIndex } from './search-index-factory.js';
import type { SearchQuery } from './search-index.js';
import { SearchRepository } from './search.repository.js';
import { insertCatalogue } from './testing/search-catalogue.js';

/**
 * The behaviours of the issue text, each with the same expected answer on SQLite (FTS5) and
 * PostgreSQL (tsvector): the two databases must give the same top results.
 */
describeEachDatabase('search index', (dialect) => {
  let t: TestApp;
  let index: FullTextSearchIndex;
  let ids: Record<string, number>;
  let keyOf: Map<number, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ids = await insertCatalogue(t.context.database.db);
    keyOf = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
    index = t.context.search;
    await index.rebuild();
  });
  afterAll(() => t.close());

  const search = async (text: string, extra: Partial<SearchQuery> = {}, on = () => index) => {
    const result = await on().search({ text, rootId: 1, offset: 0, limit: 50, ...extra });
    return { ...result, keys: result.hits.map((hit) => keyOf.get(hit.assetId) ?? `#${hit.assetId}`) };
  };

  it('ranks a name match above a keyword match above a description match', async () => {
    const { keys } = await search('mokka');
    expect(keys).toEqual(['mokkaName', 'mokkaKeyword', 'mokkaDescription']);
  });

  it('tells the page of hits before it counts, as the answer has them (the route presents it meanwhile)', async () => {
    const told: number[][] = [];
    const onPage = (assetIds: number[]) => told.push(assetIds);
    const result = await index.search({ text: 'kaffee', rootId: 1, offset: 1, limit: 2, onPage });
    expect(told).toEqual([result.hits.map((hit) => hit.assetId)]);
    expect(told[0]).toHaveLength(2);
    // "Select all" presents nothing.
    await index.search({ text: 'kaffee', rootId: 1, offset: 0, limit: 50, idsOnly: true, onPage });
    expect(told).toHaveLength(1);
  });

  it('scores are higher for better hits', async () => {
    const { hits } = await search('mokka');
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
  });

  it('treats the last word as a prefix while typing', async () => {
    expect((await search('jacobs kaffeeb')).keys).toEqual(['kroenung']);
    expect((await search('tassi')).keys).toEqual(['tassimo']);
    expect((await search('Latte Macch')).keys).toEqual(['tassimo']);
  });

  it('ignores a single letter typed after other words', async () => {
    expect((await search('jacobs k')).keys).toEqual(['kroenung']);
  });

  it('finds parts of German compounds', async () => {
    expect((await search('bohnen')).keys).toEqual(expect.arrayContaining(['kroenung', 'mokkaName']));
    expect((await search('schokolade')).keys).toEqual(['milka']);
    expect((await search('kaffee espresso')).keys[0]).toBe('strasse');
  });

  it('folds accents both ways', async () => {
    for (const text of ['creme', 'crème', 'CRÈME']) {
      expect((await search(text)).keys.sort(), text).toEqual(['cafeCreme', 'creme']);
    }
    expect((await search('cafe creme')).keys[0]).toBe('cafeCreme');
    expect((await search('caffe crema')).keys).toEqual(['mokkaDescription']);
  });

  it('finds umlauts written as ae/oe/ue and without dots, and ß as ss', async () => {
    for (const text of ['krönung', 'kroenung', 'kronung', 'Krönung']) {
      expect((await search(text)).keys, text).toEqual(['kroenung']);
    }
    for (const text of ['früchtetee', 'fruechtetee', 'fruchtetee']) {
      expect((await search(text)).keys, text).toEqual(['teekanne']);
    }
    for (const text of ['straßenkaffee', 'strassenkaffee', 'Strassenkaffee Espresso']) {
      expect((await search(text)).keys, text).toEqual(['strasse']);
    }
  });

  it('puts the asset of a GTIN first, with or without leading zeros', async () => {
    for (const text of ['04000417020009', '4000417020009', '0004000417020009'.slice(2)]) {
      const result = await search(text);
      expect(result.keys[0], text).toBe('kroenung');
      expect(result.total).toBeGreaterThanOrEqual(1);
    }
    expect((await search('8711000530085')).keys[0]).toBe('cafeCreme');
  });

  it('still finds the product with a small typo', async () => {
    expect((await search('Macchiatto')).keys).toEqual(['tassimo']);
    expect((await search('tassimmo')).keys).toEqual(['tassimo']);
    expect((await search('teekane')).keys).toEqual(['teekanne']);
    expect((await search('dalmayr prodomo')).keys).toEqual(['dallmayr']);
    expect((await search('xylophon')).keys).toEqual([]);
  });

  it('never leaves the country root', async () => {
    expect((await search('Krönung')).keys).toEqual(['kroenung']);
    expect((await search('Krönung', { rootId: 123 })).keys).toEqual(['austria']);
    expect((await search('04000417020016')).keys).toEqual([]);
    expect((await search('Krönung', { rootId: 658 })).keys).toEqual([]);
  });

  it('filters by top category and counts hits per top category', async () => {
    const all = await search('kaffee');
    expect(all.keys).toEqual(
      expect.arrayContaining(['kroenung', 'cafeCreme', 'tassimo', 'strasse', 'creme']),
    );
    expect(all.keys).not.toContain('milka');
    expect(all.facets).toEqual([{ nodeId: 10, count: all.total }]);

    const tea = await search('tee');
    expect(tea.keys).toEqual(['teekanne']);
    expect(tea.facets).toEqual([{ nodeId: 20, count: 1 }]);

    // "für" is in the cocoa description, "fruit"/"früchte" in tea: a query spanning two categories.
    const cocoaOrTea = await search('kakao');
    expect(cocoaOrTea.facets).toEqual([{ nodeId: 30, count: 1 }]);
    const filtered = await search('kaffee', { categoryIds: [30] });
    expect(filtered.keys).toEqual([]);
    expect(filtered.facets).toEqual(all.facets);
    const kept = await search('kaffee', { categoryIds: [10, 30] });
    expect(kept.keys.sort()).toEqual(all.keys.sort());
  });

  it('pages with a stable order', async () => {
    const all = await search('kaffee');
    const first = await search('kaffee', { limit: 2 });
    const second = await search('kaffee', { offset: 2, limit: 2 });
    expect([...first.keys, ...second.keys]).toEqual(all.keys.slice(0, 4));
    expect(first.total).toBe(all.total);
    expect(first.totalIsEstimate).toBe(false);
  });

  it('extrapolates the total of very common terms and still ranks', async () => {
    const small = createSearchIndex(t.context.database, { sampleSize: 2, globalRankLimit: 3, cacheMs: 0 });
    const result = await search('kaffee', {}, () => small);
    expect(result.totalIsEstimate).toBe(true);
    expect(result.total).toBeGreaterThan(2);
    const exact = await search('kaffee');
    expect(result.hits.length).toBe(Math.min(exact.hits.length, 50));
    expect(new Set(result.keys)).toEqual(new Set(exact.keys));
  });

  it('finds a GTIN from its first digits (four or more), through the GTIN number index', async () => {
    for (const text of ['4000417', '04000417', '400041702000', '4000 4170']) {
      expect((await search(text)).keys[0], text).toBe('kroenung');
    }
    expect((await search('4000417', { rootId: 123 })).keys).toEqual(['austria']);
    expect((await search('87110005')).keys).toEqual(['cafeCreme']);
    // Three digits would list a good part of a real catalogue: no GTIN lookup.
    expect((await search('400')).keys).toEqual([]);
    // The category filter applies to GTIN hits too.
    expect((await search('4000417', { categoryIds: [20] })).keys).toEqual([]);
  });

  it('ranks the newest matches of very common queries by field: names, keywords, description', async () => {
    const common = createSearchIndex(t.context.database, {
      sampleSize: 2,
      globalRankLimit: 0,
      scoredSize: 50,
      cacheMs: 0,
    });
    const result = await search('mokka', {}, () => common);
    expect(result.totalIsEstimate).toBe(true);
    expect(result.keys).toEqual(['mokkaName', 'mokkaKeyword', 'mokkaDescription']);
    expect(result.hits[0]!.score).toBeGreaterThan(result.hits[1]!.score);
    expect(result.hits[1]!.score).toBeGreaterThan(result.hits[2]!.score);
  });

  it('lists older matches after the scored newest ones, every match once', async () => {
    const common = createSearchIndex(t.context.database, {
      sampleSize: 2,
      globalRankLimit: 0,
      scoredSize: 1,
      cacheMs: 0,
    });
    const result = await search('kaffee', {}, () => common);
    const exact = await search('kaffee');
    expect(result.totalIsEstimate).toBe(true);
    expect(result.keys.slice().sort()).toEqual(exact.keys.slice().sort());
    const paged = await search('kaffee', { offset: 3, limit: 2 }, () => common);
    expect(paged.keys).toEqual(result.keys.slice(3, 5));
  });

  it('counts categories of any number of documents in one query', async () => {
    const repository = new SearchRepository(t.context.database.db);
    const known = [ids.kroenung!, ids.cafeCreme!, ids.teekanne!, ids.milka!];
    const unknown = Array.from({ length: 3000 }, (_, index) => 1_000_000 + index);
    const counts = await repository.categoryCounts(1, [...unknown, ...known]);
    expect(counts.sort((a, b) => a.nodeId - b.nodeId)).toEqual([
      { nodeId: 10, count: 2 },
      { nodeId: 20, count: 1 },
      { nodeId: 30, count: 1 },
    ]);
    expect(await repository.categoryCounts(1, [])).toEqual([]);
    // Another root's documents are not counted.
    expect(await repository.categoryCounts(123, known)).toEqual([]);
  });

  it("counts a root's documents on either side of an id, stopping at a cap", async () => {
    const repository = new SearchRepository(t.context.database.db);
    const span = await repository.documentSpan(1, undefined);
    expect(span.count).toBeGreaterThan(5);
    expect(await repository.documentsAround(1, undefined, span.minId, true, 1000)).toBe(span.count);
    expect(await repository.documentsAround(1, undefined, span.minId, true, 3)).toBe(3);
    expect(await repository.documentsAround(1, undefined, span.minId, false, 1000)).toBe(0);
    expect(await repository.documentsAround(1, undefined, span.maxId, false, 1000)).toBe(span.count - 1);
    expect(await repository.documentsAround(1, [20], span.minId, true, 1000)).toBe(1);
    expect((await repository.documentSpan(1, [20])).count).toBe(1);
  });

  it('drops withdrawn assets after indexAssets and takes changes in', async () => {
    expect((await search('prodomo')).keys).toEqual(['dallmayr']);
    await t.context.database.db
      .updateTable('assets')
      .set({ withdrawn_at: Date.now() })
      .where('id', '=', ids.dallmayr!)
      .execute();
    await index.indexAssets([ids.dallmayr!]);
    expect((await search('prodomo')).keys).toEqual([]);

    await t.context.database.db
      .updateTable('assets')
      .set({ name_de: 'Milka Kakao Zartbitter' })
      .where('id', '=', ids.milka!)
      .execute();
    await index.indexAssets([ids.milka!]);
    expect((await search('zartbitter')).keys).toEqual(['milka']);
    expect((await search('zartbit')).keys).toEqual(['milka']);

    await index.removeAssets([ids.milka!]);
    expect((await search('zartbitter')).keys).toEqual([]);
  });

  it('indexes new assets as they arrive', async () => {
    const added = await insertCatalogue(t.context.database.db, [
      { key: 'newTea', container: 20, de: 'Pfefferminztee Bio', keywords: 'kräutertee' },
    ]);
    await index.indexAssets([added.newTea!]);
    keyOf.set(added.newTea!, 'newTea');
    expect((await search('pfefferminz')).keys).toEqual(['newTea']);
    expect((await search('kraeutertee')).keys).toEqual(['newTea']);
    // A compound part only the new asset has: the in-memory vocabulary learnt it.
    expect((await search('minztee')).keys).toEqual(['newTea']);
  });

  it('indexes a root it has not met before (its own FTS5 table or partition)', async () => {
    const now = Date.now();
    await t.context.database.db
      .insertInto('nodes')
      .values({
        id: 900,
        parent_id: null,
        root_id: 900,
        name_de: 'Polen',
        name_en: 'Poland',
        name_fr: 'Pologne',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const added = await insertCatalogue(t.context.database.db, [
      { key: 'polish', container: 900, root: 900, de: 'Jacobs Krönung Kawa' },
    ]);
    await index.indexAssets([added.polish!]);
    keyOf.set(added.polish!, 'polish');
    expect((await search('kawa', { rootId: 900 })).keys).toEqual(['polish']);
    expect((await search('kawa')).keys).toEqual([]);
    // A second index (another instance) finds the partition there and writes into it.
    const other = createSearchIndex(t.context.database);
    await other.indexAssets([added.polish!]);
    expect((await search('krönung', { rootId: 900 }, () => other)).keys).toEqual(['polish']);
  });
});
