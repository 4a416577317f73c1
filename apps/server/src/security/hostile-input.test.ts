import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import type { RegisteredRoute } from '../platform/http/route-inventory.js';
import { databaseFingerprint } from '../test/database-fingerprint.js';
import {
  CLASSIC_PAYLOADS,
  hostileBody,
  hostileHeaders,
  hostileQuery,
  hostileString,
} from '../test/hostile-input.js';
import { mintSession } from '../test/principals.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { createAccount } from '../test/users.js';
import { startTestProvider, TEST_CLIENT } from '../test/oidc-test-provider.js';

/**
 * Every route, fed generated and hostile bodies, path parameters, query strings and headers by a
 * super user (who gets furthest into the handlers) and by a guest: never a 5xx, never the bytes of
 * a file outside storage, and a refused request leaves every table as it was.
 * SQLite gets more runs than PostgreSQL: the handlers are the same, the suite's time is not.
 * `MEDIABOX_FUZZ_RUNS=<n>` runs n per route on both, for a longer hunt than CI's.
 */
const RUNS_PER_ROUTE = process.env.MEDIABOX_FUZZ_RUNS
  ? { sqlite: Number(process.env.MEDIABOX_FUZZ_RUNS), postgres: Number(process.env.MEDIABOX_FUZZ_RUNS) }
  : ({ sqlite: 10, postgres: 3 } as const);

/** Counters that exist to record refused attempts (failed logins, signups per address). */
const TABLES_WRITTEN_BY_REFUSALS = new Set(['rate_limits']);
const NUL = String.fromCharCode(0);
const CANARY = `CANARY-${process.pid}-outside-storage`;

describeEachDatabase('hostile input', (dialect) => {
  let t: TestApp;
  let superUserId: number;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    superUserId = (await createAccount(t, 'super')).row.id;
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    await seedAsset(t, imageAsset(12, 1, 'Caffè Crema'));
    // Secrets next to storage: a traversal that escaped the blob directory would find these.
    await fs.writeFile(path.join(t.dataDir, 'canary.txt'), CANARY);
    await fs.writeFile(path.join(path.dirname(t.dataDir), `mediabox-canary-${process.pid}.txt`), CANARY);
    routes = t.app.routeInventory.filter((route) => route.method !== 'HEAD' && route.access !== undefined);
  });
  afterAll(async () => {
    await fs.rm(path.join(path.dirname(t.dataDir), `mediabox-canary-${process.pid}.txt`), { force: true });
    await t.close();
  });

  const withoutRefusalCounters = (fingerprint: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fingerprint).filter(([table]) => !TABLES_WRITTEN_BY_REFUSALS.has(table)),
    );

  function expectNoLeak(body: string, label: string) {
    expect(body.includes(CANARY), `${label} served a file outside storage`).toBe(false);
    expect(/root:.*:0:0:/.test(body), `${label} served /etc/passwd`).toBe(false);
  }

  it('covers every route', () => {
    expect(routes.length).toBeGreaterThan(70);
  });

  describe('bodies, parameters, query strings and headers', () => {
    it.each([['super user'], ['guest']])(
      'as %s: never a 5xx, never a leak, refusals change nothing',
      async (who) => {
        const request = fc.record({
          route: fc.constantFrom(...routes),
          params: fc.array(fc.oneof(hostileString, fc.constantFrom('1', '999999', '..', '%2e%2e')), {
            minLength: 4,
            maxLength: 4,
          }),
          rawParams: fc.boolean(),
          query: hostileQuery,
          body: hostileBody,
          headers: hostileHeaders,
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ route, params, rawParams, query, body, headers }) => {
            let index = 0;
            // Encoded as a client would, or raw (traversal sequences reach the router as they are).
            const url = route.url.replace(/:[A-Za-z]+/g, () => {
              const value = params[index++ % params.length]!;
              return rawParams ? value.replace(/[/?#\s]/g, '') || 'x' : encodeURIComponent(value);
            });
            const token = who === 'super user' ? await mintSession(t, superUserId) : undefined;
            const before = withoutRefusalCounters(await databaseFingerprint(t));
            const hasBody = route.method !== 'GET';
            const answer = await t.app.inject({
              method: route.method as 'GET',
              url: query ? `${url}?${query}` : url,
              remoteAddress: '10.97.0.1',
              headers: {
                ...headers,
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(hasBody ? { 'content-type': body.contentType } : {}),
              },
              ...(hasBody ? { payload: body.payload } : {}),
            });
            const label = `${route.method} ${url}`;
            expect(answer.statusCode, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
            expectNoLeak(answer.body, label);
            if (answer.statusCode >= 400) {
              const after = withoutRefusalCounters(await databaseFingerprint(t));
              const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
              expect(changed, `${label} was refused (${answer.statusCode}) but changed tables`).toEqual([]);
            }
          }),
          {
            numRuns: RUNS_PER_ROUTE[dialect] * routes.length,
            seed: seedFromEnvironment(),
            // On a loaded CI machine stop early rather than let vitest abandon a still-running property.
            interruptAfterTimeLimit: 90_000,
          },
        );
      },
      150_000,
    );
  });

  it('refuses a NUL character in a parameter, query or body field with a 400 naming the field', async () => {
    const token = await mintSession(t, superUserId);
    const cases = [
      { method: 'GET', url: '/api/admin/users?query=a%00b', path: 'query.query' },
      { method: 'GET', url: '/api/uploads/x%00.jpg', path: 'params.filename' },
      { method: 'GET', url: '/api/admin/links?q=a%00b', path: 'query.q' },
      { method: 'GET', url: '/api/search/suggest?q=a%00b', path: 'query.q' },
      { method: 'POST', url: '/api/links/x%00.zip/revoke', path: 'params.name' },
      {
        method: 'POST',
        url: '/api/search/',
        body: { query: 'a\u0000b', offset: 0, limit: 50 },
        path: 'query',
      },
      {
        method: 'POST',
        url: '/api/products/views',
        body: { gtins: ['04006067084218', '0400606708421\u00008'] },
        path: 'gtins.1',
      },
      {
        method: 'POST',
        url: '/api/search/ids',
        body: { query: 'a\u0000b' },
        path: 'query',
      },
      {
        method: 'POST',
        url: '/api/search/',
        body: { query: 'kaffee', filters: { dateFrom: '2026-01-01\u0000' } },
        path: 'filters.dateFrom',
      },
      {
        method: 'POST',
        url: '/api/user/',
        body: { user: { firstname: 'Erika\u0000', lastname: 'Muster', company: 'Firma' } },
        path: 'user.firstname',
      },
    ] as const;
    for (const request of cases) {
      const answer = await call(t.app, request.method, request.url, {
        token,
        ...('body' in request ? { body: request.body } : {}),
      });
      expect(answer.statusCode, `${request.url}: ${answer.body}`).toBe(400);
      expect(answer.json<{ error: { fields: { path: string }[] } }>().error.fields).toContainEqual(
        expect.objectContaining({ path: request.path }),
      );
    }
  });

  it('answers the takedown routes (issue 20.3) without a 5xx, whatever the body or query', async () => {
    const token = await mintSession(t, superUserId);
    for (const payload of CLASSIC_PAYLOADS) {
      const query = `?limit=${encodeURIComponent(payload)}`;
      const send = await call(t.app, 'POST', `/api/admin/takedowns/send${query}`, {
        token,
        body: { payload },
      });
      expect(send.statusCode, send.body).toBeLessThan(500);
      const list = await call(t.app, 'GET', `/api/admin/takedowns${query}`, { token });
      expect(list.statusCode, list.body).toBeLessThan(500);
    }
  });

  it('answers the preset routes (issue 21.1) without a 5xx, and a refused change writes nothing', async () => {
    const token = await mintSession(t, superUserId);
    const settings = {
      format: 'jpeg',
      size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
      allowUpscale: true,
      refuseUpscaling: false,
      colourSpace: 'srgb',
      dpi: 72,
      quality: 90,
      maxBytes: null,
      fileSuffix: '_shop',
    };
    for (const payload of CLASSIC_PAYLOADS) {
      const bodies = [
        { name: { de: payload, en: payload, fr: payload }, settings: { ...settings, fileSuffix: payload } },
        {
          name: { de: 'a', en: 'b', fr: 'c' },
          settings: { ...settings, size: { mode: payload, width: 1, height: 1 } },
        },
        { name: payload, settings: payload },
      ];
      // One fingerprint per request: the state after one request is the state before the next.
      let before = withoutRefusalCounters(await databaseFingerprint(t));
      for (const body of bodies) {
        for (const [method, url] of [
          ['POST', '/api/admin/presets'],
          ['PATCH', `/api/admin/presets/1`],
          ['PATCH', `/api/admin/presets/${encodeURIComponent(payload)}`],
          ['POST', `/api/admin/presets/${encodeURIComponent(payload)}/retire`],
        ] as const) {
          const answer = await call(t.app, method, url, { token, body });
          expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          const after = withoutRefusalCounters(await databaseFingerprint(t));
          if (answer.statusCode >= 400) expect(after, `${method} ${url} was refused`).toEqual(before);
          before = after;
        }
      }
    }
    // A fingerprint of the whole database after each of some 200 calls: slow on a busy machine.
  }, 120_000);

  it('answers the list routes (issue 22.4) without a 5xx, and a refused change writes nothing', async () => {
    const token = await mintSession(t, superUserId);
    const created = await call(t.app, 'POST', '/api/lists', { token, body: { name: 'Messe' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ list: { id: number } }>().list.id;
    for (const payload of CLASSIC_PAYLOADS) {
      const bodies = [{ name: payload }, { assetIds: [payload] }, { email: payload }, { assetIds: payload }];
      let before = withoutRefusalCounters(await databaseFingerprint(t));
      for (const body of bodies) {
        for (const [method, url] of [
          ['PATCH', `/api/lists/${id}`],
          ['PUT', `/api/lists/${id}/items`],
          ['DELETE', `/api/lists/${id}/items`],
          ['POST', `/api/lists/${id}/shares`],
          ['DELETE', `/api/lists/${id}/shares/${encodeURIComponent(payload)}`],
          ['PATCH', `/api/lists/${encodeURIComponent(payload)}`],
        ] as const) {
          const answer = await call(t.app, method, url, { token, body });
          expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          const after = withoutRefusalCounters(await databaseFingerprint(t));
          if (answer.statusCode >= 400) expect(after, `${method} ${url} was refused`).toEqual(before);
          before = after;
        }
      }
    }
    // A fingerprint of the whole database after each of some 200 calls: slow on a busy machine.
  }, 120_000);

  it('answers the bulk change routes (issue 22.5) without a 5xx, and a refused change writes nothing', async () => {
    const token = await mintSession(t, superUserId);
    for (const payload of CLASSIC_PAYLOADS) {
      const bodies = [
        { assetIds: [payload], change: { kind: 'withdraw' } },
        { assetIds: [999_999], change: { kind: payload } },
        { assetIds: [999_999], change: { kind: 'addKeywords', keywords: [payload] } },
        { assetIds: [999_999], change: { kind: 'setFields', fields: { 101: payload, 100: payload } } },
        { assetIds: [999_999], change: { kind: 'move', containerId: payload } },
        { assetIds: payload, change: payload },
      ];
      let before = withoutRefusalCounters(await databaseFingerprint(t));
      for (const body of bodies) {
        for (const [method, url] of [
          ['POST', '/api/admin/bulk'],
          ['GET', `/api/admin/bulk/${encodeURIComponent(payload)}`],
          ['POST', `/api/admin/bulk/${encodeURIComponent(payload)}/undo`],
        ] as const) {
          const answer = await call(t.app, method, url, { token, body: method === 'GET' ? undefined : body });
          expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          const after = withoutRefusalCounters(await databaseFingerprint(t));
          if (answer.statusCode >= 400) expect(after, `${method} ${url} was refused`).toEqual(before);
          before = after;
        }
      }
    }
    // A fingerprint of the whole database after each call: slow on a busy machine.
  }, 120_000);

  describe('file name parameters', () => {
    const fileRoutes = () =>
      routes.filter((route) => /:(filename|name|fileId|variant|series|position)/.test(route.url));

    it('refuse every traversal and never serve a file outside storage', async () => {
      const traversals = CLASSIC_PAYLOADS.filter(
        (payload) => /\.\.|\/|\\|%2e/.test(payload) || payload.includes(NUL),
      );
      expect(fileRoutes().length).toBeGreaterThanOrEqual(6);
      const token = await mintSession(t, superUserId);
      for (const route of fileRoutes()) {
        for (const traversal of traversals) {
          for (const encoded of [encodeURIComponent(traversal), traversal.replaceAll(NUL, '%00')]) {
            const url = route.url.replace(/:[A-Za-z]+/g, encoded);
            const answer = await call(t.app, route.method as 'GET', url, { token });
            expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expect(answer.statusCode, url).toBeLessThan(500);
            expectNoLeak(answer.body, url);
          }
        }
      }
    });
  });

  describe('tickets', () => {
    it('refuses forged, swapped and expired signatures on file URLs', async () => {
      // An asset of its own: the generated super-user requests above may have withdrawn the first one.
      const assetId = (await seedAsset(t, imageAsset(12, 1, 'Espresso'))).id;
      const token = await mintSession(t, superUserId);
      const asset = await call(t.app, 'GET', `/api/asset/${assetId}`, { token });
      const genuine = /\/api\/file\/\d+\/thumb\?exp=\d+&sig=[\w-]+/.exec(asset.body)?.[0];
      expect(genuine, asset.body).toBeDefined();
      expect((await call(t.app, 'GET', genuine!)).statusCode).toBe(200);

      const [, fileId, exp, sig] = /\/api\/file\/(\d+)\/thumb\?exp=(\d+)&sig=([\w-]+)/.exec(genuine!)!;
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            fileId: fc.oneof(fc.constant(fileId!), fc.nat().map(String)),
            variant: fc.constantFrom('thumb', 'preview', 'zoom', 'page2', 'page51', 'original', '..', 'x'),
            exp: fc.oneof(fc.constant(exp!), fc.nat().map(String), hostileString),
            sig: fc.oneof(fc.constant(sig!), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), hostileString),
          }),
          async (forged) => {
            fc.pre(
              !(
                forged.fileId === fileId &&
                forged.variant === 'thumb' &&
                forged.exp === exp &&
                forged.sig === sig
              ),
            );
            const url = `/api/file/${encodeURIComponent(forged.fileId)}/${forged.variant}?exp=${encodeURIComponent(forged.exp)}&sig=${encodeURIComponent(forged.sig)}`;
            const answer = await call(t.app, 'GET', url);
            expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
            expect(answer.statusCode, url).toBeLessThan(500);
          },
        ),
        { numRuns: 200, seed: seedFromEnvironment() },
      );

      // The genuine ticket itself stops working once its hour (rounded up) is over.
      t.clock.advance(2 * 60 * 60 * 1000);
      const expired = await call(t.app, 'GET', genuine!);
      expect([401, 403, 410]).toContain(expired.statusCode);
    });
  });
});

/** `FC_SEED=<n>` replays a failing run; by default each run explores new input. */
function seedFromEnvironment(): number | undefined {
  const seed = process.env.FC_SEED;
  return seed === undefined ? undefined : Number(seed);
}

describeEachDatabase('hostile input to the sign-in with the company account (issue 23)', (dialect) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let superUserId: number;
  beforeAll(async () => {
    provider = await startTestProvider('http://portal.test');
    t = await createTestApp(dialect, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    });
    superUserId = (await createAccount(t, 'super')).row.id;
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const withoutRefusalCounters = (fingerprint: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fingerprint).filter(([table]) => !TABLES_WRITTEN_BY_REFUSALS.has(table)),
    );

  it('never a 5xx; a refused callback, code or setting changes nothing', async () => {
    const token = await mintSession(t, superUserId);
    for (const payload of CLASSIC_PAYLOADS) {
      const encoded = encodeURIComponent(payload);
      const before = withoutRefusalCounters(await databaseFingerprint(t));
      const callbacks = [
        `/api/auth/oidc/callback?code=${encoded}&state=${encoded}`,
        `/api/auth/oidc/callback?error=${encoded}&error_description=${encoded}&state=${encoded}`,
        `/api/auth/oidc/callback?code=c&state=s&iss=${encoded}&${encoded}=${encoded}`,
      ];
      for (const url of callbacks) {
        const answer = await call(t.app, 'GET', url, { headers: { cookie: `mediabox_sso=${encoded}` } });
        // NUL (the input guard) and overlong values (the query schema) are a 400 before the route;
        // anything else goes back to the login page with a reason.
        if (answer.statusCode === 400) {
          expect(answer.json<{ error: { code: string } }>().error.code).toBe('errors.validation');
          continue;
        }
        expect(answer.statusCode, url.slice(0, 200)).toBe(302);
        expect(String(answer.headers.location)).toMatch(
          /^http:\/\/portal\.test\/login\?ssoError=(expired|failed|cancelled)$/,
        );
      }
      for (const [method, url, body] of [
        ['POST', '/api/auth/oidc/exchange', { code: payload }],
        ['POST', '/api/auth/oidc/exchange', { code: [payload] }],
        ['PUT', '/api/admin/sso', { requiredForStaff: payload }],
      ] as const) {
        const answer = await call(t.app, method, url, { token, body });
        expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(answer.statusCode, `${method} ${url}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
      }
      expect(withoutRefusalCounters(await databaseFingerprint(t)), payload).toEqual(before);
    }
  });
});
