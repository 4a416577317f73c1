import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../shared/auth/user-store';
import { getPreference } from '../../shared/preferences';
import { stubApi } from '../../shared/testing/stub-api';
import { testUser } from '../../shared/testing/test-user';
import { prefetchCategory, prefetchDrawer, prefetchSearch } from './route-prefetch';

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`), params }) as unknown as LoaderFunctionArgs;

const asked = (api: ReturnType<typeof stubApi>) =>
  api.calls.map((call) => `${call.method} ${call.path}${call.url.search}`);

afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('route prefetch', () => {
  it("asks for a category's node and first assets without waiting for them", async () => {
    setStoredUser(testUser());
    const api = stubApi({});
    const client = new QueryClient();
    expect(prefetchCategory(client)(args('/100', { nodeId: '100' }))).toBeNull();
    await vi.waitFor(() =>
      expect(asked(api)).toEqual(['GET /api/node/100', 'GET /api/assets/100?offset=0&limit=200']),
    );
  });

  it("asks for a search's first page in the country shown, with the drawer's filter", async () => {
    setStoredUser(testUser());
    const api = stubApi({});
    prefetchSearch(new QueryClient())(args('/search/kaffee+bohnen?cat=14,12', { query: 'kaffee+bohnen' }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      query: 'kaffee bohnen',
      offset: 0,
      limit: 50,
      rootId: 1,
      categories: [12, 14],
    });
  });

  it("asks for the drawer's country root, applying ?c= first, but not on order paths", async () => {
    setStoredUser(testUser());
    const api = stubApi({});
    prefetchDrawer(new QueryClient())(args('/?c=at'));
    await vi.waitFor(() => expect(asked(api)).toEqual(['GET /api/node/123']));
    expect(getPreference('country')).toBe('austria');
    prefetchDrawer(new QueryClient())(args('/orders'));
    expect(api.calls).toHaveLength(1);
  });

  it('asks for nothing for a guest, whom the guard sends to /login', () => {
    const api = stubApi({});
    prefetchCategory(new QueryClient())(args('/100', { nodeId: '100' }));
    prefetchDrawer(new QueryClient())(args('/'));
    expect(api.calls).toEqual([]);
  });
});
