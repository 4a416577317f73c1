import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { createAccount, expectError, logIn, nextIp, signupForm } from '../../test/users.js';

type Principal = 'guest' | 'dead token' | 'registered' | 'internal' | 'super';
const PRINCIPALS: Principal[] = ['guest', 'dead token', 'registered', 'internal', 'super'];
const SIGNED_IN: Principal[] = ['registered', 'internal', 'super'];

interface Caller {
  principal: Principal;
  token: string | undefined;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Who the route lets through (spec 6); everybody else gets 401. */
  allowed: Principal[];
  /** The request a caller makes with its token. */
  request: (caller: Caller) => { body?: unknown; token?: string };
  /** What someone let through gets: proves the handler ran. */
  passes: { status: number; code?: string };
}

const UNUSED_LINK = 'CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC';

/** Every call of spec 7.1. */
const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/user/login',
    allowed: PRINCIPALS,
    request: (caller) => ({
      body: { username: 'nobody@partner.example', password: 'Whatever-123' },
      token: caller.token,
    }),
    passes: { status: 401, code: ErrorCodes.wrongCredentials },
  },
  {
    method: 'POST',
    path: '/api/user/logout',
    allowed: SIGNED_IN,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 200 },
  },
  {
    method: 'GET',
    path: '/api/user/',
    allowed: SIGNED_IN,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 200 },
  },
  {
    method: 'POST',
    path: '/api/user/',
    allowed: SIGNED_IN,
    request: (caller) => ({
      token: caller.token,
      body: { user: { firstname: 'Neu', lastname: 'Name', company: 'Firma AG' } },
    }),
    passes: { status: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/user/',
    allowed: SIGNED_IN,
    request: (caller) => ({ token: caller.token, body: { password: 'Not-the-password' } }),
    passes: { status: 400, code: ErrorCodes.passwordError },
  },
  {
    method: 'PUT',
    path: '/api/user/',
    allowed: PRINCIPALS,
    // No contact person: refused by the service (after the access check), without hashing a password.
    request: (caller) => ({ token: caller.token, body: signupForm({ contactPerson: '' }) }),
    passes: { status: 400, code: ErrorCodes.step3Required },
  },
  {
    method: 'POST',
    path: '/api/user/forgot_password/',
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token, body: { username: 'nobody@partner.example', lang: 'de' } }),
    passes: { status: 404, code: ErrorCodes.emailNotFound },
  },
  {
    method: 'POST',
    path: '/api/user/check/',
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token, body: { email: 'nobody@partner.example' } }),
    passes: { status: 200 },
  },
  {
    method: 'GET',
    path: `/api/user/confirm/${UNUSED_LINK}`,
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 404, code: ErrorCodes.confirmLinkInvalid },
  },
  {
    method: 'POST',
    path: `/api/user/confirm/${UNUSED_LINK}`,
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 404, code: ErrorCodes.confirmLinkInvalid },
  },
  {
    method: 'GET',
    path: `/api/user/reset_password/${UNUSED_LINK}`,
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 404, code: ErrorCodes.resetLinkInvalid },
  },
  {
    method: 'POST',
    path: `/api/user/reset_password/${UNUSED_LINK}`,
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token, body: { password: 'New-password-1' } }),
    passes: { status: 404, code: ErrorCodes.resetLinkInvalid },
  },
  {
    method: 'POST',
    path: '/api/user/contact',
    allowed: PRINCIPALS,
    request: (caller) => ({
      token: caller.token,
      body: { name: 'Rechte Test', email: 'rechte@partner.example', message: 'Hallo' },
    }),
    passes: { status: 200 },
  },
  // Sign-in with the company account (issue 23): this app has no provider, so who passes gets 404.
  ...['/api/auth/oidc/start', '/api/auth/oidc/callback'].map((path): RouteCase => ({
    method: 'GET',
    path,
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 404, code: ErrorCodes.ssoNotConfigured },
  })),
  {
    method: 'POST',
    path: '/api/auth/oidc/exchange',
    allowed: PRINCIPALS,
    request: (caller) => ({ token: caller.token, body: { code: 'some-code' } }),
    passes: { status: 404, code: ErrorCodes.ssoNotConfigured },
  },
  {
    method: 'POST',
    path: '/api/auth/oidc/logout',
    allowed: SIGNED_IN,
    request: (caller) => ({ token: caller.token }),
    passes: { status: 404, code: ErrorCodes.ssoNotConfigured },
  },
];

describeEachDatabase('who may call each account route (spec 6, 7.1)', (dialect) => {
  let t: TestApp;
  const accounts = new Map<Principal, { email: string; password: string }>();
  const tokens = new Map<Principal, string | undefined>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tokens.set('guest', undefined);
    for (const role of ['registered', 'internal', 'super'] as const) {
      const account = await createAccount(t, role);
      accounts.set(role, account);
      tokens.set(role, (await logIn(t, account.email, account.password)).token);
    }
    // A token that was real once and was revoked at logout.
    const registered = accounts.get('registered')!;
    const revoked = (await logIn(t, registered.email, registered.password)).token;
    expect((await call(t.app, 'POST', '/api/user/logout', { token: revoked })).statusCode).toBe(200);
    tokens.set('dead token', revoked);
  });
  afterAll(() => t.close());

  it('covers every account route the server registers', async () => {
    const document = (await call(t.app, 'GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const registered = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('user'))
        .map(
          ([method]) => `${method.toUpperCase()} ${path.replace('{uuid}', UNUSED_LINK).replace(/\/$/, '')}`,
        ),
    );
    const covered = ROUTES.map((route) => `${route.method} ${route.path.replace(/\/$/, '')}`);
    expect(registered.sort()).toEqual([...covered].sort());
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      for (const principal of PRINCIPALS) {
        // Logout ends the session it is called with: it gets a session of its own.
        const account = accounts.get(principal);
        const token =
          route.path === '/api/user/logout' && account
            ? (await logIn(t, account.email, account.password)).token
            : tokens.get(principal);
        const { body, token: sent } = route.request({ principal, token });
        const response = await call(t.app, route.method, route.path, {
          ip: nextIp(),
          ...(sent ? { token: sent } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        const label = `${principal}: ${response.statusCode} ${response.body}`;
        if (route.allowed.includes(principal)) {
          expect(response.statusCode, label).toBe(route.passes.status);
          if (route.passes.code)
            expect(response.json<{ error: { code: string } }>().error.code, label).toBe(route.passes.code);
        } else {
          expectError(response, 401, ErrorCodes.unauthorized);
        }
      }
    },
  );

  it('the signed-in users kept their sessions through all of it', async () => {
    for (const role of SIGNED_IN) {
      expect((await call(t.app, 'GET', '/api/user/', { token: tokens.get(role) })).statusCode).toBe(200);
    }
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: tokens.get('dead token') }),
      401,
      ErrorCodes.unauthorized,
    );
  });
});
