import { endpoints, type AdminJobsAnswer, type CartSummary } from '@mediabox/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, setStoredUser } from '../auth/user-store';
import { apiError, stubApi } from '../testing/stub-api';
import { testUser } from '../testing/test-user';
import { api, endpointUrl, setApiNavigator } from './client';

/**
 * Calls that must not compile: `tsc -p apps/web` checks this file, and each `@ts-expect-error`
 * fails the typecheck if the mistake under it were ever accepted. The answer types come from the
 * contract's endpoint table, not from the caller.
 */
export async function mistakes() {
  const summary: CartSummary = await api(endpoints.cartAll);
  // @ts-expect-error: GET /api/cart/all answers a CartSummary, not a job list
  const jobs: AdminJobsAnswer = await api(endpoints.cartAll);
  // @ts-expect-error: /api/node/:id needs its id
  await api(endpoints.node);
  // @ts-expect-error: the parameter is `id`, not `nodeId`
  await api(endpoints.node, { params: { nodeId: 1 } });
  // @ts-expect-error: PUT /api/cart/ takes a CartChange
  await api(endpoints.cartAdd, { body: { nothing: true } });
  // @ts-expect-error: GET /api/cart/all takes no body
  await api(endpoints.cartAll, { body: {} });
  // @ts-expect-error: not a job state of the contract
  await api(endpoints.adminJobs, { query: { state: 'sleeping' } });
  // @ts-expect-error: not an address of the table
  await api({ method: 'GET', path: '/api/cart/everything' });
  return { summary, jobs };
}

describe('api', () => {
  beforeEach(() => setStoredUser(testUser()));
  afterEach(() => {
    setStoredUser(null);
    vi.unstubAllGlobals();
  });

  it('fills path parameters and the query, and sends the bearer token', async () => {
    const network = stubApi({ 'GET /api/admin/catalogue/nodes/7/assets': { body: { assets: [] } } });
    await api(endpoints.adminNodeAssets, { params: { id: 7 }, query: { offset: 0, limit: 20 } });
    expect(network.calls[0]!.url.search).toBe('?offset=0&limit=20');
    expect(network.calls[0]!.headers.authorization).toBe(`Bearer ${testUser().token}`);
  });

  it('uses the method of the table and sends the body as JSON', async () => {
    const network = stubApi({ 'PUT /api/cart/': { body: { ids: [] } } });
    await api(endpoints.cartAdd, { body: { assetIds: [1] } });
    expect(network.calls[0]).toMatchObject({ method: 'PUT', body: { assetIds: [1] } });
    expect(network.calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('encodes each parameter as one path segment and leaves empty query values out', () => {
    expect(endpointUrl(endpoints.bundleLink, { params: { filename: 'a/b c.zip' } })).toBe(
      '/api/download/a%2Fb%20c.zip/link',
    );
    expect(endpointUrl(endpoints.adminUsers, { query: { query: '', state: undefined, limit: 5 } })).toBe(
      '/api/admin/users?limit=5',
    );
    expect(endpointUrl(endpoints.adminInsightsCsv, { params: { series: 'downloads' } })).toBe(
      '/api/admin/insights/downloads.csv',
    );
  });

  it('ends the session on 401 as before', async () => {
    const navigate = vi.fn();
    setApiNavigator(navigate);
    stubApi({ 'GET /api/cart/all': apiError(401, 'errors.unauthorized') });
    await expect(api(endpoints.cartAll)).rejects.toMatchObject({ status: 401, code: 'errors.unauthorized' });
    expect(getStoredUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?from=/));
  });

  it('hands a file answer back as a blob', async () => {
    stubApi({ 'GET /api/cart/list': { raw: { bytes: 'xlsx', type: 'application/octet-stream' } } });
    const file: Blob = await api(endpoints.cartList);
    expect(await file.text()).toBe('xlsx');
  });
});
