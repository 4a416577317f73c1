import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCodes } from '@mediabox/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../platform/http/route-inventory.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { createAccount } from '../test/users.js';
import { databaseFingerprint } from '../test/database-fingerprint.js';
import { accountInState, mintSession } from '../test/principals.js';

/**
 * Who may call what, written down from spec 6 (not read from the routes' own `config.access`):
 * every route the server registers must appear here, and each is tried by every kind of caller.
 *
 * - public: everyone passes the access check (the handler may still refuse a bad link or ticket).
 * - user: approved, active accounts of any role.
 * - internal: staff (jde) and super users.
 * - super: super users only (for the order actions spec 6 gives to super users, the service
 *   refuses staff after the route's internal check).
 * - static: files of the built web app, public by nature.
 */
type Rule = 'public' | 'user' | 'internal' | 'super' | 'static';

const EXPECTED_RULES: Record<string, Rule> = {
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/:file': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/settings': 'public',
  // Accounts (spec 7.1): the guest calls are login, signup, check, confirm, reset, contact.
  'POST /api/user/login': 'public',
  'POST /api/user/logout': 'user',
  'GET /api/user/': 'user',
  'POST /api/user/': 'user',
  'DELETE /api/user/': 'user',
  'PUT /api/user/': 'public',
  'POST /api/user/check/': 'public',
  'POST /api/user/forgot_password/': 'public',
  'GET /api/user/confirm/:uuid': 'public',
  'POST /api/user/confirm/:uuid': 'public',
  'GET /api/user/reset_password/:uuid': 'public',
  'POST /api/user/reset_password/:uuid': 'public',
  'POST /api/user/contact': 'public',
  'GET /api/user/consent': 'user',
  'PUT /api/user/consent': 'user',
  'POST /api/track': 'public',
  // Catalogue and search (spec 7.2): registered users and above.
  'GET /api/node/:id': 'user',
  'GET /api/assets/:containerId': 'user',
  'GET /api/asset/:id': 'user',
  'DELETE /api/asset/:id': 'user',
  'POST /api/search/': 'user',
  'POST /api/search/countries': 'user',
  'GET /api/search/suggest': 'user',
  'POST /api/products/views': 'user',
  // "Select all" (issue 22.1): the ids of a search or a category, as their pages show them.
  'POST /api/search/ids': 'user',
  'GET /api/assets/:containerId/ids': 'user',
  'GET /api/downloads/': 'user',
  'GET /api/messages/': 'user',
  // Signed URLs: the ticket or the unguessable bundle name is the key (spec 2.8, 7.4).
  'GET /api/file/:fileId/:variant': 'public',
  'GET /api/download/:filename': 'public',
  'GET /api/download/:filename/contents': 'public',
  'GET /api/download/:filename/file/:position': 'public',
  'GET /api/download/:filename/progress': 'public',
  // Order files: staff, or whoever holds a signed URL (the route is public for those; unsigned,
  // the handler lets only staff through).
  'GET /api/uploads/:filename': 'internal',
  'GET /api/uploads/thumb/:filename': 'internal',
  'GET /api/uploads/preview/:filename': 'internal',
  'GET /gs1/:name': 'public',
  // Cart (spec 7.3).
  'GET /api/cart/': 'user',
  'PUT /api/cart/': 'user',
  'DELETE /api/cart/': 'user',
  'GET /api/cart/all': 'user',
  'GET /api/cart/list': 'user',
  'GET /api/cart/download': 'user',
  'GET /api/cart/:id': 'user',
  'POST /api/cart/clear': 'user',
  'POST /api/cart/send': 'user',
  'GET /api/download/:filename/link': 'user',
  // A selection as a zip (issue 22.1): signed-in users, like the cart download.
  'POST /api/download/assets': 'user',
  // Named lists (issue 22.4): signed-in users; the service answers 404 for lists they cannot see.
  'GET /api/lists': 'user',
  'POST /api/lists': 'user',
  'GET /api/lists/:id': 'user',
  'PATCH /api/lists/:id': 'user',
  'DELETE /api/lists/:id': 'user',
  'PUT /api/lists/:id/items': 'user',
  'DELETE /api/lists/:id/items': 'user',
  'POST /api/lists/:id/cart': 'user',
  'POST /api/lists/:id/shares': 'user',
  'DELETE /api/lists/:id/shares/:userId': 'user',
  // A recipient's link (issue 20.2): the sender or a super user; the service answers 404 to others.
  'POST /api/links/:name/revoke': 'user',
  'POST /api/links/:name/extend': 'user',
  'POST /api/links/:name/resend': 'user',
  // Orders (spec 7.5, 6): staff; deactivating orders and deleting order files only super users.
  'GET /api/order': 'internal',
  'PUT /api/order': 'internal',
  'POST /api/order': 'internal',
  'DELETE /api/order': 'super',
  'GET /api/order/count': 'internal',
  'GET /api/order/article': 'internal',
  'POST /api/order/search': 'internal',
  'GET /api/order/:id': 'internal',
  'POST /api/order/:id': 'internal',
  'DELETE /api/order/:id': 'super',
  // Administration: super users only.
  'GET /api/admin/registrations': 'super',
  'POST /api/admin/registrations/:id/approve': 'super',
  'POST /api/admin/registrations/:id/reject': 'super',
  'GET /api/admin/removal-requests': 'super',
  'POST /api/admin/removal-requests/:assetId/confirm': 'super',
  'POST /api/admin/removal-requests/:assetId/dismiss': 'super',
  'GET /api/admin/users': 'super',
  'GET /api/admin/users/:id': 'super',
  'PATCH /api/admin/users/:id': 'super',
  'GET /api/admin/audit': 'super',
  'GET /api/admin/links': 'super',
  'GET /api/admin/catalogue/tree': 'super',
  'POST /api/admin/catalogue/nodes': 'super',
  'PATCH /api/admin/catalogue/nodes/:id': 'super',
  'DELETE /api/admin/catalogue/nodes/:id': 'super',
  'GET /api/admin/catalogue/nodes/:id/assets': 'super',
  'POST /api/admin/catalogue/nodes/:id/assets': 'super',
  'GET /api/admin/catalogue/assets/:id': 'super',
  'PATCH /api/admin/catalogue/assets/:id': 'super',
  'POST /api/admin/catalogue/assets/:id/files': 'super',
  'POST /api/admin/catalogue/assets/:id/withdraw': 'super',
  'POST /api/admin/catalogue/assets/:id/restore': 'super',
  'GET /api/admin/jobs': 'super',
  'POST /api/admin/jobs/:id/retry': 'super',
  'GET /api/admin/insights': 'super',
  'GET /api/admin/insights/:series.csv': 'super',
  'GET /api/admin/takedowns': 'super',
  'POST /api/admin/takedowns/send': 'super',
  // Conversion presets (issue 21.1): every user picks active ones; only super users change them.
  'GET /api/presets': 'user',
  'GET /api/admin/presets': 'super',
  'POST /api/admin/presets': 'super',
  'PATCH /api/admin/presets/:id': 'super',
  'POST /api/admin/presets/:id/retire': 'super',
  'POST /api/admin/presets/:id/restore': 'super',
  // Bulk changes (issue 22.5): super users only, reading progress included.
  'POST /api/admin/bulk': 'super',
  'GET /api/admin/bulk/:id': 'super',
  'POST /api/admin/bulk/:id/undo': 'super',
  // Sign-in with the company account (issue 23): the guest calls of a sign-in, logout of a session,
  // and the "SSO required for staff" setting of super users.
  'GET /api/auth/oidc/start': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'POST /api/auth/oidc/exchange': 'public',
  'POST /api/auth/oidc/logout': 'user',
  'GET /api/admin/sso': 'super',
  'PUT /api/admin/sso': 'super',
};

type Principal = 'guest' | 'dead token' | 'unapproved' | 'deactivated' | 'registered' | 'internal' | 'super';
const PRINCIPALS: Principal[] = [
  'guest',
  'dead token',
  'unapproved',
  'deactivated',
  'registered',
  'internal',
  'super',
];

/** The callers a rule lets through the access check. */
const ALLOWED: Record<Exclude<Rule, 'static'>, Principal[]> = {
  public: PRINCIPALS,
  user: ['registered', 'internal', 'super'],
  internal: ['internal', 'super'],
  super: ['super'],
};

/** Path parameters that pass validation but name nothing, so a caller who gets through meets a 4xx of the handler. */
const PARAMETER_VALUES: Record<string, string> = {
  id: '999999',
  containerId: '999999',
  assetId: '999999',
  fileId: '999999',
  variant: 'thumb',
  filename: 'b0000000000000000000000000000000.zip',
  uuid: 'CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC',
  name: '04006067084218_A1N1.jpg',
  series: 'downloads',
  position: '0',
  file: 'nothing.js',
  userId: '999999',
};

/** Bodies for routes whose role check comes after validation (the order service's super-user actions). */
const VALID_BODIES: Record<string, unknown> = {
  'DELETE /api/order': { orderId: 999999, fileId: 1 },
  'DELETE /api/order/:id': { orderId: 999999 },
};

function concretePath(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = PARAMETER_VALUES[name];
    if (value === undefined) throw new Error(`No test value for path parameter :${name} in ${url}`);
    return value;
  });
}

/** The key of a route in EXPECTED_RULES: HEAD follows its GET, trailing slashes as registered. */
const ruleKey = (route: RegisteredRoute) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;

/** Refused by the access check: 401 without a valid session, 403 for a role too low. */
function isAccessRefusal(response: LightMyRequestResponse): boolean {
  if (response.statusCode !== 401 && response.statusCode !== 403) return false;
  if (!response.body) return true; // HEAD: the status is all there is
  const code = response.json<{ error?: { code?: string } }>().error?.code;
  return code === ErrorCodes.unauthorized || code === ErrorCodes.forbidden;
}

describeEachDatabase('route permissions', (dialect) => {
  let t: TestApp;
  let webDist: string;
  let routes: RegisteredRoute[];
  const userIds = {} as Record<'unapproved' | 'deactivated' | 'registered' | 'internal' | 'super', number>;

  beforeAll(async () => {
    // A small built app, so the static file routes are registered and checked too.
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-webdist-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Mediabox</title>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'export {};');
    t = await createTestApp(dialect, { WEB_DIST: webDist });
    routes = [...t.app.routeInventory];

    for (const role of ['registered', 'internal', 'super'] as const) {
      userIds[role] = (await createAccount(t, role)).row.id;
    }
    userIds.unapproved = await accountInState(t, 'waitingApproval');
    userIds.deactivated = await accountInState(t, 'deactivated');
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  /** A fresh token per call: logout or account deletion by one route never breaks the next. */
  async function tokenOf(principal: Principal): Promise<string | undefined> {
    if (principal === 'guest') return undefined;
    if (principal === 'dead token') return 'x'.repeat(43);
    return mintSession(t, userIds[principal]);
  }

  it('every registered route has an expected rule, and every rule a route', () => {
    const apiRoutes = routes.filter((route) => !isStaticFile(route, webDist));
    const unlisted = apiRoutes.filter((route) => !(ruleKey(route) in EXPECTED_RULES)).map(ruleKey);
    expect(unlisted, 'routes without an expected rule in EXPECTED_RULES').toEqual([]);
    const registered = new Set(apiRoutes.map(ruleKey));
    const stale = Object.keys(EXPECTED_RULES).filter((key) => !registered.has(key));
    expect(stale, 'rules for routes the server does not register').toEqual([]);
    // Static files are the only routes without a declared access level.
    const undeclared = routes.filter((route) => route.access === undefined);
    expect(undeclared.filter((route) => !isStaticFile(route, webDist))).toEqual([]);
    expect(undeclared.length).toBeGreaterThan(0);
  });

  it('a waiting or deactivated account cannot sign in at all', async () => {
    const pending = await t.context.database.db
      .selectFrom('users')
      .select('email')
      .where('id', 'in', [userIds.unapproved, userIds.deactivated])
      .execute();
    for (const { email } of pending) {
      const answer = await call(t.app, 'POST', '/api/user/login', {
        body: { username: email, password: 'Whatever-123' },
        ip: '10.99.0.1',
      });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json<{ token?: string }>().token).toBeUndefined();
    }
  });

  describe('each route refuses whoever the rule leaves out, changing nothing, and lets the others through', () => {
    for (const key of Object.keys(EXPECTED_RULES)) {
      it(key, async () => {
        const [method, url] = key.split(' ') as [string, string];
        const rule = EXPECTED_RULES[key] as Exclude<Rule, 'static'>;
        const target = concretePath(url);
        const hasBody = method !== 'GET';
        // Tokens first: minting them writes sessions, which the fingerprint below must not see.
        const tokens = new Map<Principal, string | undefined>();
        for (const principal of PRINCIPALS) tokens.set(principal, await tokenOf(principal));
        const send = (principal: Principal) =>
          call(t.app, method as 'GET', target, {
            token: tokens.get(principal),
            ip: '10.98.0.1',
            ...(hasBody ? { body: VALID_BODIES[key] ?? {} } : {}),
          });

        const refused = PRINCIPALS.filter((principal) => !ALLOWED[rule].includes(principal));
        const before = await databaseFingerprint(t);
        for (const principal of refused) {
          const answer = await send(principal);
          const signedIn = ALLOWED.user.includes(principal);
          expect(isAccessRefusal(answer), `${principal}: ${answer.statusCode} ${answer.body}`).toBe(true);
          expect(answer.statusCode, `${principal}: ${answer.body}`).toBe(signedIn ? 403 : 401);
        }
        expect(await databaseFingerprint(t), 'a refused call changed the database').toEqual(before);

        for (const principal of ALLOWED[rule]) {
          const answer = await send(principal);
          expect(answer.statusCode, `${principal}: ${answer.body}`).toBeLessThan(500);
          expect(isAccessRefusal(answer), `${principal} refused: ${answer.body}`).toBe(false);
        }
      });
    }
  });

  it('serves the built app’s files to everyone', async () => {
    const staticRoutes = routes.filter((route) => isStaticFile(route, webDist) && route.method === 'GET');
    expect(staticRoutes.map((route) => route.url)).toContain('/assets/app-abc123.js');
    for (const route of staticRoutes) {
      const answer = await call(t.app, 'GET', route.url);
      expect(answer.statusCode, route.url).toBe(200);
    }
  });
});

/**
 * Routes @fastify/static registers, one per file of the built web app: they declare no access
 * level. Anything else without one would be a route nobody decided about.
 */
function isStaticFile(route: RegisteredRoute, webDist: string): boolean {
  if (route.access !== undefined || route.url.startsWith('/api')) return false;
  const file = path.join(webDist, decodeURIComponent(route.url));
  return file.startsWith(webDist + path.sep) && existsSync(file);
}
