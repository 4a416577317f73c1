import type { SearchAnswer, SuggestAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountInState, mintSession } from '../../test/principals.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes } from '../catalogue/testing/catalogue-seed.js';

/** Issue 22.3: suggestions while typing, and the search's partial matches instead of dead ends. */
describeEachDatabase('GET /api/search/suggest and partial matches', (dialect) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
      { id: 11, parentId: 10, rootId: 1, de: 'Kaffeebohnen', en: 'Coffee beans', fr: 'Grains de café' },
      { id: 20, parentId: 1, rootId: 1, de: 'Tee', en: 'Tea', fr: 'Thé' },
      { id: 123, de: 'Österreich', en: 'Austria', fr: 'Autriche' },
      { id: 130, parentId: 123, rootId: 123, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    const assets = {
      kroenung: imageAsset(11, 1, 'Jacobs Krönung Kaffeebohnen 500 g', {
        gtin: '04000417020009',
        renditions: false,
      }),
      espresso: imageAsset(11, 1, 'Espresso Kaffeebohnen', { renditions: false }),
      tea: imageAsset(20, 1, 'Teekanne Kräutertee', { renditions: false }),
      withdrawn: imageAsset(11, 1, 'Espresso Withdrawnsorte', { withdrawn: true, renditions: false }),
      austria: imageAsset(130, 123, 'Jacobs Krönung Kaffeebohnen 1 kg', { renditions: false }),
    };
    for (const [key, asset] of Object.entries(assets)) ids[key] = (await seedAsset(t, asset)).id;
    await t.context.search.rebuild();
    token = (await signInAs(t, 'registered')).token;
  });
  afterAll(() => t.close());

  const suggest = async (query: string) => {
    const response = await call(t.app, 'GET', `/api/search/suggest?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SuggestAnswer>();
  };
  const assetIds = (answer: SuggestAnswer) => answer.assets.map((asset) => asset.id);

  it('refuses guests and accounts not approved, as the search does', async () => {
    expect((await call(t.app, 'GET', '/api/search/suggest?q=kaffee')).statusCode).toBe(401);
    const waiting = await mintSession(t, await accountInState(t, 'waitingApproval'));
    const refused = await call(t.app, 'GET', '/api/search/suggest?q=kaffee', { token: waiting });
    expect(refused.statusCode).toBe(
      (await call(t.app, 'POST', '/api/search/', { token: waiting, body: { query: 'kaffee' } })).statusCode,
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(401);
  });

  it('suggests assets by the prefix of the last word, with name, GTIN and a signed thumbnail', async () => {
    const answer = await suggest('q=jacobs%20kr%C3%B6n');
    expect(assetIds(answer)).toEqual([ids.kroenung]);
    const [asset] = answer.assets;
    expect(asset?.name).toBe('Jacobs Krönung Kaffeebohnen 500 g');
    expect(asset?.gtin).toBe('04000417020009');
    expect(asset?.thumbUrl === null || asset?.thumbUrl?.includes('sig=')).toBe(true);
    expect(assetIds(await suggest('q=espr'))).toEqual([ids.espresso]);
  });

  it('suggests by a GTIN prefix of 4 to 14 digits, not by 3', async () => {
    expect(assetIds(await suggest('q=4000417'))).toEqual([ids.kroenung]);
    expect(assetIds(await suggest('q=04000417020009'))).toEqual([ids.kroenung]);
    expect(assetIds(await suggest('q=400'))).toEqual([]);
  });

  it('tolerates a typo', async () => {
    expect(assetIds(await suggest('q=esspresso'))).toEqual([ids.espresso]);
    expect(assetIds(await suggest('q=teekane'))).toEqual([ids.tea]);
  });

  it('leaves withdrawn assets out and keeps to the country root asked for', async () => {
    expect(assetIds(await suggest('q=withdrawnsorte'))).toEqual([]);
    expect(assetIds(await suggest('q=kr%C3%B6nung&rootId=123'))).toEqual([ids.austria]);
    expect(assetIds(await suggest('q=teekanne&rootId=123'))).toEqual([]);
  });

  it('suggests categories by name in the language asked, with their path below the root', async () => {
    const answer = await suggest('q=kaff');
    expect(answer.categories).toEqual([
      { id: 10, name: 'Kaffee', path: [] },
      { id: 11, name: 'Kaffeebohnen', path: ['Kaffee'] },
    ]);
    expect(answer.assets.length).toBeLessThanOrEqual(5);
    const english = await suggest('q=bea&lang=en');
    expect(english.categories).toEqual([{ id: 11, name: 'Coffee beans', path: ['Coffee'] }]);
    expect((await suggest('q=kaff&rootId=123')).categories.map((node) => node.id)).toEqual([130]);
    expect((await suggest('q=%25')).categories).toEqual([]);
  });

  it('refuses an empty query, an unknown root and an unknown language', async () => {
    const empty = await call(t.app, 'GET', '/api/search/suggest?q=%20', { token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('search.errors.empty');
    const root = await call(t.app, 'GET', '/api/search/suggest?q=kaffee&rootId=99', { token });
    expect(root.statusCode).toBe(400);
    expect(root.json().error.code).toBe('search.errors.unknownRoot');
    expect((await call(t.app, 'GET', '/api/search/suggest?q=kaffee&lang=xx', { token })).statusCode).toBe(
      400,
    );
  });

  it('answers the best partial match of a search whose words do not all match, marked as such', async () => {
    const search = async (query: string) =>
      (await call(t.app, 'POST', '/api/search/', { token, body: { query } })).json<SearchAnswer>();
    const filler = await search('espresso foto');
    expect(filler.results.map((asset) => asset.id)).toEqual([ids.espresso]);
    expect(filler.partial).toEqual({ usedWords: ['espresso'], droppedWords: ['foto'] });

    // Both words are known, but never together: the first one stays.
    const apart = await search('teekanne espresso');
    expect(apart.results.map((asset) => asset.id)).toEqual([ids.tea]);
    expect(apart.partial).toEqual({ usedWords: ['teekanne'], droppedWords: ['espresso'] });

    const whole = await search('espresso kaffeebohnen');
    expect(whole.partial).toBeNull();
    const nothing = await search('xylophon zzzz');
    expect(nothing.numberTotal).toBe(0);
    expect(nothing.partial).toBeNull();
  });
});
