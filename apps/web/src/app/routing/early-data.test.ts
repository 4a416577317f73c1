import { endpoints } from '@mediabox/contract';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_DATA_RULES, FIRST_PAGES } from '../../../build/first-pages';
import { preloadScript, type PreloadPlan } from '../../../build/preload-script';
import { api } from '../../shared/api/client';
import { setStoredUser } from '../../shared/auth/user-store';
import { stubApi } from '../../shared/testing/stub-api';
import { testUser } from '../../shared/testing/test-user';
import { prefetchCategory, prefetchDrawer, prefetchSearch } from './route-prefetch';

/** The plan vite.config.ts builds, without the bundle's file names (no build in a unit test). */
const plan: PreloadPlan = {
  pages: FIRST_PAGES.map((page) => ({ path: page.path.source, files: [], data: page.data })),
  layout: [],
  translations: { de: 'de.js' },
  rules: EARLY_DATA_RULES,
};

/** Runs the preload script on `address`, as the browser would before the shell. */
function runPreloadScript(address: string): void {
  window.history.replaceState(null, '', address);
  new Function(preloadScript(plan))();
}

/** Params of `pattern` on `pathname`, decoded as the router decodes them (matchRoutes). */
const paramsOf = (pattern: string, pathname: string) =>
  matchRoutes([{ path: pattern }], pathname)?.[0]?.params;

/** Runs the route loaders the router runs for `address` (patterns as in routes.tsx). */
function runRouteLoaders(address: string): void {
  const client = new QueryClient();
  const url = new URL(address, window.location.origin);
  const args = (params: Record<string, string | undefined> = {}) =>
    ({ request: new Request(url), params }) as unknown as LoaderFunctionArgs;
  prefetchDrawer(client)(args());
  const category = paramsOf('/:nodeId', url.pathname);
  if (category && /^\d+$/.test(category.nodeId ?? '')) prefetchCategory(client)(args(category));
  const search = paramsOf('/search/:query', url.pathname);
  if (search) prefetchSearch(client)(args(search));
}

type Api = ReturnType<typeof stubApi>;
/** Every call as sent: method, address with query, exact body, and the bearer token. */
const sent = (api: Api) =>
  api.calls.map(
    (call) =>
      `${call.method} ${call.path}${call.url.search} ${call.body === undefined ? '' : JSON.stringify(call.body)} ${call.headers.authorization ?? ''}`,
  );

/** What the app alone asks for on `address` (no preload script). */
async function appRequests(address: string): Promise<string[]> {
  const api = stubApi({});
  runRouteLoaders(address);
  await vi.waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.unstubAllGlobals();
  return sent(api).sort();
}

beforeEach(() => {
  localStorage.clear();
  delete window.__mediaboxEarly;
});

afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
  delete window.__mediaboxEarly;
  window.history.replaceState(null, '', '/');
});

describe("the preload script's early data requests", () => {
  const addresses = [
    '/',
    '/100',
    '/asset/5',
    '/search/kaffee+bohnen',
    '/search/K%C3%A4se%20mild?c=ch',
    '/100?c=at',
  ];

  for (const address of addresses) {
    it(`are exactly the route loaders' requests, each sent once, on ${address}`, async () => {
      setStoredUser(testUser());
      localStorage.setItem('country', 'austria');
      const expected = await appRequests(address);
      localStorage.setItem('country', 'austria');

      const api = stubApi({});
      runPreloadScript(address);
      const fromScript = sent(api).sort();
      runRouteLoaders(address);
      await new Promise((resolve) => setTimeout(resolve, 20));

      expect(fromScript).toEqual(expected);
      // The app took every early answer: nothing was asked twice.
      expect(sent(api).sort()).toEqual(expected);
    });
  }

  it('leave a search with a category filter to the app, which still asks once', async () => {
    setStoredUser(testUser());
    const address = '/search/kaffee?cat=12,14';
    const expected = await appRequests(address);
    const api = stubApi({});
    runPreloadScript(address);
    expect(sent(api)).toHaveLength(1);
    expect(sent(api)[0]).toMatch(/^GET \/api\/node\/1 /);
    runRouteLoaders(address);
    await vi.waitFor(() => expect(sent(api).sort()).toEqual(expected));
  });

  it('are not sent for a guest, nor on other pages', () => {
    const api = stubApi({});
    runPreloadScript('/100');
    setStoredUser(testUser());
    runPreloadScript('/orders');
    runPreloadScript('/cart');
    expect(api.calls).toEqual([]);
  });
});

describe('the API client with early answers', () => {
  const early = (responses: Record<string, Promise<Response>>, at = Date.now()) => {
    window.__mediaboxEarly = { at, responses };
  };
  const json = (body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

  it('takes an early answer once, then asks the network', async () => {
    const network = stubApi({ 'GET /api/node/1': { body: { from: 'network' } } });
    early({ 'GET /api/node/1 ': json({ from: 'early' }) });
    expect(await api(endpoints.node, { params: { id: 1 } })).toEqual({ from: 'early' });
    expect(network.calls).toEqual([]);
    expect(await api(endpoints.node, { params: { id: 1 } })).toEqual({ from: 'network' });
    expect(network.calls).toHaveLength(1);
  });

  it('takes it only for the same body, and asks again when the early request failed', async () => {
    const network = stubApi({ 'POST /api/search/': { body: { from: 'network' } } });
    early({
      'POST /api/search/ {"query":"a"}': json({ from: 'early' }),
      'GET /api/node/1 ': Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await api(endpoints.search, { body: { query: 'b' } })).toEqual({
      from: 'network',
    });
    expect(await api(endpoints.search, { body: { query: 'a' } })).toEqual({ from: 'early' });
    await expect(api(endpoints.node, { params: { id: 1 } })).rejects.toMatchObject({ status: 404 });
    expect(network.calls.map((call) => call.path)).toEqual(['/api/search/', '/api/node/1']);
  });

  it('leaves answers older than the start alone', async () => {
    const network = stubApi({ 'GET /api/node/1': { body: { from: 'network' } } });
    early({ 'GET /api/node/1 ': json({ from: 'early' }) }, Date.now() - 60_000);
    expect(await api(endpoints.node, { params: { id: 1 } })).toEqual({ from: 'network' });
    expect(network.calls).toHaveLength(1);
  });
});
