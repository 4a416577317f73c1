import type { SearchAnswer, SearchCountriesAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes } from '../catalogue/testing/catalogue-seed.js';

describeEachDatabase('POST /api/search/', (dialect) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
      { id: 20, parentId: 1, rootId: 1, de: 'Tee', en: 'Tea', fr: 'Thé' },
      { id: 123, de: 'Österreich', en: 'Austria', fr: 'Autriche' },
      { id: 130, parentId: 123, rootId: 123, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    const assets = {
      kroenung: imageAsset(10, 1, 'Jacobs Krönung Kaffeebohnen 500 g', {
        gtin: '04000417020009',
        renditions: false,
      }),
      creme: imageAsset(10, 1, 'Café Crème', { renditions: false }),
      espresso: imageAsset(10, 1, 'Espresso Kaffeebohnen', { renditions: false }),
      tea: imageAsset(20, 1, 'Teekanne Kaffeetee', { renditions: false }),
      austria: imageAsset(130, 123, 'Jacobs Krönung Kaffeebohnen 1 kg', { renditions: false }),
    };
    for (const [key, asset] of Object.entries(assets)) ids[key] = (await seedAsset(t, asset)).id;
    await t.context.search.rebuild();
    token = (await signInAs(t, 'registered')).token;
  });
  afterAll(() => t.close());

  const search = (body: unknown) => call(t.app, 'POST', '/api/search/', { token, body });

  it('refuses guests', async () => {
    const response = await call(t.app, 'POST', '/api/search/', { body: { query: 'kaffee' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers presented assets with scores, totals, paging and named facets', async () => {
    const response = await search({ query: 'kaffee', offset: 0, limit: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SearchAnswer>();
    expect(answer.numberTotal).toBe(4);
    expect(answer.totalIsEstimate).toBe(false);
    expect(answer.hasNextPage).toBe(true);
    expect(answer.currentPage).toBe(1);
    expect(answer.results).toHaveLength(2);
    expect(answer.results.every((asset) => typeof asset.score === 'number' && asset.rootId === 1)).toBe(true);
    expect(answer.facets).toEqual([
      { nodeId: 10, name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' }, count: 3 },
      { nodeId: 20, name: { de: 'Tee', en: 'Tea', fr: 'Thé' }, count: 1 },
    ]);

    const last = (await search({ query: 'kaffee', offset: 2, limit: 2 })).json<SearchAnswer>();
    expect(last.hasNextPage).toBe(false);
    expect(last.currentPage).toBe(2);
    const seen = [...answer.results, ...last.results].map((asset) => asset.id);
    expect(new Set(seen).size).toBe(4);
  });

  it('searches the country root asked for, germany by default, and filters by category', async () => {
    const germany = (await search({ query: 'krönung' })).json<SearchAnswer>();
    expect(germany.results.map((asset) => asset.id)).toEqual([ids.kroenung]);
    const austria = (await search({ query: 'krönung', rootId: 123 })).json<SearchAnswer>();
    expect(austria.results.map((asset) => asset.id)).toEqual([ids.austria]);
    const tea = (await search({ query: 'kaffee', categories: [20] })).json<SearchAnswer>();
    expect(tea.results.map((asset) => asset.id)).toEqual([ids.tea]);
    expect(tea.facets.map((facet) => facet.nodeId)).toEqual([10, 20]);
  });

  it('counts the hits of a query in every country for "search in all countries" (issue 19.13)', async () => {
    const refused = await call(t.app, 'POST', '/api/search/countries', { body: { query: 'krönung' } });
    expect(refused.statusCode).toBe(401);
    const response = await call(t.app, 'POST', '/api/search/countries', {
      token,
      body: { query: 'krönung' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SearchCountriesAnswer>().countries).toEqual([
      { rootId: 1, numberTotal: 1, totalIsEstimate: false },
      { rootId: 123, numberTotal: 1, totalIsEstimate: false },
      { rootId: 658, numberTotal: 0, totalIsEstimate: false },
    ]);
    const tea = (
      await call(t.app, 'POST', '/api/search/countries', { token, body: { query: 'teekanne' } })
    ).json<SearchCountriesAnswer>();
    expect(tea.countries.map((country) => country.numberTotal)).toEqual([1, 0, 0]);
    const empty = await call(t.app, 'POST', '/api/search/countries', { token, body: { query: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('search.errors.empty');
  });

  it('finds a GTIN first', async () => {
    const answer = (await search({ query: '4000417020009' })).json<SearchAnswer>();
    expect(answer.results[0]?.id).toBe(ids.kroenung);
  });

  it('refuses an empty query, a page over 50 and an unknown root', async () => {
    const empty = await search({ query: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('search.errors.empty');

    expect((await search({ query: 'kaffee', limit: 51 })).statusCode).toBe(400);
    const root = await search({ query: 'kaffee', rootId: 99 });
    expect(root.statusCode).toBe(400);
    expect(root.json().error.code).toBe('search.errors.unknownRoot');
    expect((await search({ query: 'kaffee', offset: -1 })).statusCode).toBe(400);
  });
});
