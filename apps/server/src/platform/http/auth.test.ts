import { ErrorCodes } from '@mediabox/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import type { Access } from './access.js';
import { registerAuth } from './auth.js';
import { registerErrorHandler } from './error-handler.js';

/**
 * The access hook against real sessions: a probe app with one route per access level, resolving
 * tokens through the accounts service of a real test app (no account route needs internal or super yet).
 */
describeEachDatabase('access levels (401 without a user, 403 without the right)', (dialect) => {
  let t: TestApp;
  let probe: FastifyInstance;
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    probe = Fastify({ logger: false });
    registerErrorHandler(probe);
    registerAuth(probe, (token) => t.context.accounts.resolveToken(token));
    for (const access of ['public', 'user', 'internal', 'super'] as const) {
      probe.get(`/api/probe/${access}`, { config: { access } }, async (request) => ({
        userId: request.auth?.id ?? null,
      }));
    }
    await probe.ready();
    tokens.guest = undefined;
    for (const role of ['registered', 'internal', 'super'] as const)
      tokens[role] = (await signInAs(t, role)).token;
    const revoked = await signInAs(t, 'super');
    await call(t.app, 'POST', '/api/user/logout', { token: revoked.token });
    tokens['dead token'] = revoked.token;
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const expected: Record<Access, Record<string, 200 | 401 | 403>> = {
    public: { guest: 200, 'dead token': 200, registered: 200, internal: 200, super: 200 },
    user: { guest: 401, 'dead token': 401, registered: 200, internal: 200, super: 200 },
    internal: { guest: 401, 'dead token': 401, registered: 403, internal: 200, super: 200 },
    super: { guest: 401, 'dead token': 401, registered: 403, internal: 403, super: 200 },
  };

  it.each(Object.keys(expected) as Access[])('%s routes', async (access) => {
    for (const [principal, status] of Object.entries(expected[access])) {
      const response = await call(probe, 'GET', `/api/probe/${access}`, {
        ...(tokens[principal] ? { token: tokens[principal] } : {}),
      });
      if (status === 200) {
        expect(response.statusCode, `${principal}: ${response.body}`).toBe(200);
        const signedIn = principal !== 'guest' && principal !== 'dead token';
        expect(response.json<{ userId: number | null }>().userId === null, principal).toBe(!signedIn);
      } else {
        expectError(response, status, status === 401 ? ErrorCodes.unauthorized : ErrorCodes.forbidden);
      }
    }
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify({ logger: false });
    registerAuth(app, async () => null);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    // Outside /api (the web app's files) no rule is needed.
    expect(() => app.get('/index.html', async () => ({}))).not.toThrow();
    await app.close();
  });
});
