import type { AssetIdsAnswer, AssetsAnswer, SearchAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes } from '../catalogue/testing/catalogue-seed.js';
import { groupFacts, type ActiveFilters, type FactGroup } from './result-filter.js';
import { mediaTypeBit, ORIENTATION_CODES } from './search-filter-columns.js';
import { createSearchIndex } from './search-index-factory.js';
import { SearchRepository } from './search.repository.js';

const DAY = 86_400_000;

/** Issue 22.2 (filters and sort of a search) and 22.1 (the "select all" id routes). */
describeEachDatabase('search filters, sort and ids', (dialect) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const now = t.clock.now();
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
      { id: 20, parentId: 1, rootId: 1, de: 'Tee', en: 'Tea', fr: 'Thé' },
    ]);
    const picture = (width: number, height: number) => ({
      mediaType: 1100,
      bytes: Buffer.from(`jpeg:${width}x${height}:${Math.random()}`),
      fileName: 'bild.jpg',
      mimeType: 'image/jpeg',
      width,
      height,
    });
    const print = {
      mediaType: 1200,
      bytes: Buffer.from(`tiff:${Math.random()}`),
      fileName: 'druck.tif',
      mimeType: 'image/tiff',
      width: 3000,
      height: 2000,
    };
    const assets = {
      alpha: imageAsset(10, 1, 'Kaffee Alpha', {
        renditions: false,
        gtin: '04000417020009',
        imageCategory: 1,
        createdAt: now - 5 * DAY,
        files: [picture(1200, 800), print],
      }),
      beta: imageAsset(10, 1, 'Kaffee Beta', {
        renditions: false,
        imageCategory: 4,
        createdAt: now - 60 * DAY,
        files: [picture(800, 1200)],
      }),
      gamma: imageAsset(20, 1, 'Kaffee Gamma', {
        renditions: false,
        gtin: '04000417020016',
        imageCategory: 1,
        createdAt: now - 10 * DAY,
        files: [picture(1200, 1200)],
      }),
      delta: imageAsset(10, 1, 'Kaffee Delta', {
        renditions: false,
        createdAt: Date.UTC(2026, 0, 15, 12),
        files: [picture(1000, 995)],
      }),
      withdrawn: imageAsset(10, 1, 'Kaffee Zurückgezogen', { renditions: false, withdrawn: true }),
    };
    for (const [key, asset] of Object.entries(assets)) ids[key] = (await seedAsset(t, asset)).id;
    await t.context.search.rebuild();
    token = (await signInAs(t, 'registered')).token;
  });
  afterAll(() => t.close());

  const search = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/search/', { token, body: { query: 'kaffee', ...body } });
  const found = async (body: Record<string, unknown>) => {
    const response = await search(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchAnswer>();
  };
  const names = (answer: SearchAnswer) => answer.results.map((asset) => asset.name.de);

  it('counts every filter value of an unfiltered search, exactly', async () => {
    const answer = await found({});
    expect(answer.numberTotal).toBe(4);
    expect(answer.filterCounts).toEqual({
      mediaTypes: { '1100': 4, '1200': 1 },
      views: { C1C1: 2, C1N1: 1 },
      orientation: { landscape: 1, portrait: 1, square: 2 },
      gtin: { with: 2, without: 2 },
      newest: 2,
      estimate: false,
    });
  });

  it('applies each filter', async () => {
    expect(names(await found({ filters: { orientation: ['landscape'] } }))).toEqual(['Kaffee Alpha']);
    expect(names(await found({ filters: { mediaTypes: [1200] } }))).toEqual(['Kaffee Alpha']);
    expect(new Set(names(await found({ filters: { views: ['C1C1'] } })))).toEqual(
      new Set(['Kaffee Alpha', 'Kaffee Gamma']),
    );
    expect(new Set(names(await found({ filters: { gtin: 'without' } })))).toEqual(
      new Set(['Kaffee Beta', 'Kaffee Delta']),
    );
    const recent = await found({ filters: { newerThanDays: 30 } });
    expect(new Set(names(recent))).toEqual(new Set(['Kaffee Alpha', 'Kaffee Gamma']));
    expect(recent.numberTotal).toBe(2);
    expect(names(await found({ filters: { dateFrom: '2026-01-01', dateTo: '2026-01-15' } }))).toEqual([
      'Kaffee Delta',
    ]);
    const none = await found({ filters: { dateFrom: '2026-01-16', dateTo: '2026-01-31' } });
    expect(names(none)).toEqual([]);
    // Nothing passed the filters: not a partial match of fewer words.
    expect(none.partial ?? null).toBeNull();
    expect((await found({ query: 'kaffee alpha', filters: { gtin: 'without' } })).partial ?? null).toBeNull();
  });

  it('combines filters, and each count follows the other filters', async () => {
    const answer = await found({ filters: { gtin: 'with', orientation: ['square'] } });
    expect(names(answer)).toEqual(['Kaffee Gamma']);
    expect(answer.numberTotal).toBe(1);
    // Orientation counts with the GTIN filter only; GTIN counts with the orientation filter only.
    expect(answer.filterCounts?.orientation).toEqual({ landscape: 1, square: 1 });
    expect(answer.filterCounts?.gtin).toEqual({ with: 1, without: 1 });
    expect(answer.filterCounts?.mediaTypes).toEqual({ '1100': 1 });
    expect(answer.filterCounts?.newest).toBe(1);
  });

  it('filters within categories, and the category facets follow the filters', async () => {
    const answer = await found({ categories: [10], filters: { orientation: ['square'] } });
    expect(names(answer)).toEqual(['Kaffee Delta']);
    expect(answer.facets.map(({ nodeId, count }) => ({ nodeId, count }))).toEqual([
      { nodeId: 10, count: 1 },
      { nodeId: 20, count: 1 },
    ]);
    expect(answer.filterCounts?.orientation).toEqual({ landscape: 1, portrait: 1, square: 1 });
  });

  it('counts without filters within categories, the facets of every category', async () => {
    const answer = await found({ categories: [20] });
    expect(names(answer)).toEqual(['Kaffee Gamma']);
    expect(answer.facets.map(({ nodeId, count }) => ({ nodeId, count }))).toEqual([
      { nodeId: 10, count: 3 },
      { nodeId: 20, count: 1 },
    ]);
    expect(answer.filterCounts).toEqual({
      mediaTypes: { '1100': 1 },
      views: { C1C1: 1 },
      orientation: { square: 1 },
      gtin: { with: 1, without: 0 },
      newest: 1,
      estimate: false,
    });
  });

  it('lets the category facets follow a date range', async () => {
    const answer = await found({
      categories: [20],
      filters: { dateFrom: '2026-01-01', dateTo: '2026-01-15' },
    });
    expect(names(answer)).toEqual([]);
    expect(answer.facets.map(({ nodeId, count }) => ({ nodeId, count }))).toEqual([{ nodeId: 10, count: 1 }]);
  });

  it('groups and counts the filter columns in SQL as the documents read one by one', async () => {
    const repository = new SearchRepository(t.context.database.db);
    // Another root's ids, unknown ids and the withdrawn asset (not indexed) are left out.
    const sample = [...Object.values(ids), 9_999_999];
    const facts = [...(await repository.documentFacts(1, sample)).values()];
    expect(facts).toHaveLength(4);
    const now = t.clock.now();
    const order = (groups: FactGroup[]) => groups.map((group) => JSON.stringify(group)).sort();
    const filterSets: (ActiveFilters | undefined)[] = [
      undefined,
      { createdFrom: now - 30 * DAY },
      { createdBefore: now - 7 * DAY },
      { createdFrom: now - 90 * DAY, createdBefore: now - 7 * DAY, hasGtin: true },
    ];
    for (const filters of filterSets) {
      const grouped = await repository.factGroups(1, sample, filters, now);
      expect(order(grouped)).toEqual(order(groupFacts(facts, filters, now)));
    }
    expect(await repository.factGroups(2, sample, undefined, now)).toEqual([]);
  });

  it('sorts by name and newest', async () => {
    expect(names(await found({ sort: 'name' }))).toEqual([
      'Kaffee Alpha',
      'Kaffee Beta',
      'Kaffee Delta',
      'Kaffee Gamma',
    ]);
    const newest = await found({ sort: 'newest', limit: 2 });
    expect(newest.results.map((asset) => asset.id)).toEqual([ids.delta, ids.gamma]);
    expect(newest.hasNextPage).toBe(true);
    const next = await found({ sort: 'newest', offset: 2, limit: 2 });
    expect(next.results.map((asset) => asset.id)).toEqual([ids.beta, ids.alpha]);
  });

  it('refuses unknown values and bad date ranges with their codes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: { orientation: ['round'] } }, 'search.errors.unknownFilter'],
      [{ filters: { views: ['X9X9'] } }, 'search.errors.unknownFilter'],
      [{ filters: { mediaTypes: [9999] } }, 'search.errors.unknownFilter'],
      [{ filters: { gtin: 'maybe' } }, 'search.errors.unknownFilter'],
      [{ sort: 'price' }, 'search.errors.unknownSort'],
      [{ filters: { dateFrom: '2026-02-01', dateTo: '2026-01-01' } }, 'search.errors.dateRange'],
      [{ filters: { dateFrom: '2026-02-30' } }, 'search.errors.badDate'],
      [{ filters: { dateTo: 'gestern' } }, 'search.errors.badDate'],
    ];
    for (const [body, code] of cases) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
  });

  describe('POST /api/search/ids', () => {
    const searchIds = (body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/search/ids', { token, body: { query: 'kaffee', ...body } });

    it('answers every visible match in result order, with the same filters and sort', async () => {
      const response = await searchIds({ sort: 'name' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AssetIdsAnswer>()).toEqual({
        ids: [ids.alpha, ids.beta, ids.delta, ids.gamma],
        numberTotal: 4,
        totalIsEstimate: false,
        truncated: false,
      });
      const relevance = await found({});
      expect((await searchIds({})).json<AssetIdsAnswer>().ids).toEqual(relevance.results.map((a) => a.id));
      const filtered = (
        await searchIds({ filters: { gtin: 'with' }, sort: 'newest' })
      ).json<AssetIdsAnswer>();
      expect(filtered.ids).toEqual([ids.gamma, ids.alpha]);
      expect(filtered.ids).not.toContain(ids.withdrawn);
    });

    it('refuses guests and bad filters', async () => {
      expect((await call(t.app, 'POST', '/api/search/ids', { body: { query: 'kaffee' } })).statusCode).toBe(
        401,
      );
      const bad = await searchIds({ filters: { orientation: ['round'] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('search.errors.unknownFilter');
    });
  });

  it('finds the same filtered matches when the sample holds too few of them (estimated totals)', async () => {
    // Two sampled matches of four, and the page asks for more: SQLite reads larger pools and filters
    // them, PostgreSQL tests the filters in its query (filtersInQuery). Both end at every match.
    const small = createSearchIndex(t.context.database, {
      sampleSize: 2,
      globalRankLimit: 0,
      scoredSize: 50,
      cacheMs: 0,
    });
    const now = t.clock.now();
    const cases: ActiveFilters[] = [
      { orientations: new Set([ORIENTATION_CODES.landscape]) },
      { hasGtin: false },
      { imageViews: new Set([1]), createdFrom: now - 30 * DAY },
      { mediaTypeBits: mediaTypeBit(1200) },
      { orientations: new Set([ORIENTATION_CODES.portrait]), hasGtin: true },
    ];
    for (const filters of cases) {
      const query = { text: 'kaffee', rootId: 1, offset: 0, limit: 50, filters, now };
      const exact = await t.context.search.search(query);
      const sampled = await small.search(query);
      const keys = (result: typeof exact) => result.hits.map((hit) => hit.assetId).sort();
      expect(keys(sampled), JSON.stringify([...Object.entries(filters)])).toEqual(keys(exact));
      expect(sampled).toMatchObject({ total: exact.total, totalIsEstimate: false });
    }
    // The cases above are not empty by accident: landscape is Alpha alone.
    const landscape = await small.search({
      text: 'kaffee',
      rootId: 1,
      offset: 0,
      limit: 50,
      filters: cases[0],
      now,
    });
    expect(landscape.hits.map((hit) => hit.assetId)).toEqual([ids.alpha]);
  });

  describe('GET /api/assets/:containerId/ids', () => {
    it('answers the visible assets of the category in page order', async () => {
      const page = (await call(t.app, 'GET', '/api/assets/10', { token })).json<AssetsAnswer>();
      const response = await call(t.app, 'GET', '/api/assets/10/ids', { token });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<AssetIdsAnswer>();
      expect(answer.ids).toEqual(page.results.map((asset) => asset.id));
      expect(answer.ids).not.toContain(ids.withdrawn);
      expect(answer).toMatchObject({ numberTotal: 3, totalIsEstimate: false, truncated: false });
    });

    it('refuses guests and unknown categories', async () => {
      expect((await call(t.app, 'GET', '/api/assets/10/ids')).statusCode).toBe(401);
      expect((await call(t.app, 'GET', '/api/assets/999/ids', { token })).statusCode).toBe(404);
    });
  });
});
