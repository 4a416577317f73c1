import { ErrorCodes, type AdminUserAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every admin call, with a request that a super user gets through with (ids that do not exist are fine: 404 proves the handler ran). */
const ROUTES: { method: Method; path: string; body?: unknown; passes: number }[] = [
  { method: 'GET', path: '/api/admin/registrations', passes: 200 },
  { method: 'POST', path: '/api/admin/registrations/999999/approve', passes: 404 },
  { method: 'POST', path: '/api/admin/registrations/999999/reject', body: { reason: 'x' }, passes: 404 },
  { method: 'GET', path: '/api/admin/users?query=a&state=active', passes: 200 },
  { method: 'GET', path: '/api/admin/users/999999', passes: 404 },
  { method: 'PATCH', path: '/api/admin/users/999999', body: { jde: true }, passes: 404 },
  { method: 'GET', path: '/api/admin/removal-requests', passes: 200 },
  { method: 'POST', path: '/api/admin/removal-requests/999999/confirm', passes: 404 },
  { method: 'POST', path: '/api/admin/removal-requests/999999/dismiss', passes: 404 },
  { method: 'GET', path: '/api/admin/audit?action=user.deactivate', passes: 200 },
  { method: 'GET', path: '/api/admin/catalogue/tree', passes: 200 },
  {
    method: 'POST',
    path: '/api/admin/catalogue/nodes',
    body: { parentId: 999999, name: { de: 'Neu', en: 'New', fr: 'Nouveau' } },
    passes: 404,
  },
  { method: 'PATCH', path: '/api/admin/catalogue/nodes/999999', body: { parentId: 1 }, passes: 404 },
  { method: 'DELETE', path: '/api/admin/catalogue/nodes/999999', passes: 404 },
  { method: 'GET', path: '/api/admin/catalogue/nodes/999999/assets', passes: 404 },
  { method: 'POST', path: '/api/admin/catalogue/nodes/999999/assets', passes: 404 },
  { method: 'GET', path: '/api/admin/catalogue/assets/999999', passes: 404 },
  { method: 'PATCH', path: '/api/admin/catalogue/assets/999999', body: { keywords: 'x' }, passes: 404 },
  {
    method: 'POST',
    path: '/api/admin/catalogue/assets/999999/files',
    body: { mediaType: 1100 },
    passes: 404,
  },
  { method: 'POST', path: '/api/admin/catalogue/assets/999999/withdraw', passes: 404 },
  { method: 'POST', path: '/api/admin/catalogue/assets/999999/restore', passes: 404 },
  { method: 'GET', path: '/api/admin/jobs?state=waiting', passes: 200 },
  { method: 'POST', path: '/api/admin/jobs/999999/retry', passes: 404 },
];

describeEachDatabase('admin API access', (dialect) => {
  let t: TestApp;
  let registered: string;
  let internal: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const sessions = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'internal'),
      signInAs(t, 'super'),
    ]);
    [registered, internal, admin] = [sessions[0].token, sessions[1].token, sessions[2].token];
  });
  afterAll(() => t.close());

  const request = (route: (typeof ROUTES)[number], token?: string) =>
    call(t.app, route.method, route.path, {
      ...(token ? { token } : {}),
      ...(route.body !== undefined ? { body: route.body } : {}),
    });

  it.each(ROUTES)('$method $path: 401 for guests and unknown tokens', async (route) => {
    expectError(await request(route), 401, ErrorCodes.unauthorized);
    expectError(await request(route, 'A'.repeat(43)), 401, ErrorCodes.unauthorized);
  });

  it.each(ROUTES)('$method $path: 403 for registered and internal users', async (route) => {
    expectError(await request(route, registered), 403, ErrorCodes.forbidden);
    expectError(await request(route, internal), 403, ErrorCodes.forbidden);
  });

  it.each(ROUTES)('$method $path: lets a super user through', async (route) => {
    const response = await request(route, admin);
    expect(response.statusCode, response.body).toBe(route.passes);
  });

  it('refuses a super user as soon as another one deactivated or demoted them', async () => {
    const other = await signInAs(t, 'super');
    const demoted = await signInAs(t, 'super');
    expect((await call(t.app, 'GET', '/api/admin/users', { token: other.token })).statusCode).toBe(200);

    const off = await call(t.app, 'PATCH', `/api/admin/users/${other.row.id}`, {
      token: admin,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AdminUserAnswer>().user.state).toBe('deactivated');
    expectError(
      await call(t.app, 'GET', '/api/admin/users', { token: other.token }),
      401,
      ErrorCodes.unauthorized,
    );

    // A flag change needs no new sign-in: every call reads the account's flags anew.
    await call(t.app, 'PATCH', `/api/admin/users/${demoted.row.id}`, {
      token: admin,
      body: { isSuperUser: false },
    });
    expectError(
      await call(t.app, 'GET', '/api/admin/audit', { token: demoted.token }),
      403,
      ErrorCodes.forbidden,
    );
  });

  it('validates bodies, ids and queries', async () => {
    expectError(
      await call(t.app, 'PATCH', '/api/admin/users/1', { token: admin, body: {} }),
      400,
      ErrorCodes.required,
    );
    expect(
      (await call(t.app, 'PATCH', '/api/admin/users/1', { token: admin, body: { admin: true } })).statusCode,
    ).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/users/abc', { token: admin })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/users?state=sleeping', { token: admin })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'GET', '/api/admin/users?limit=1000', { token: admin })).statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/audit?action=drop.tables', { token: admin })).statusCode,
    ).toBe(400);
    expectError(
      await call(t.app, 'POST', '/api/admin/registrations/1/reject', {
        token: admin,
        body: { reason: 'x'.repeat(1001) },
      }),
      400,
      ErrorCodes.tooLong,
      'reason',
    );
  });

  it('lists the admin calls in the OpenAPI document', async () => {
    const response = await call(t.app, 'GET', '/api/openapi.json');
    expect(response.statusCode, response.body).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/registrations',
        '/api/admin/users/{id}',
        '/api/admin/removal-requests/{assetId}/confirm',
        '/api/admin/audit',
      ]),
    );
  });
});
