import { endpointEntries, type EndpointEntry } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { openApiDocument } from './openapi.js';
import type { RegisteredRoute } from './route-inventory.js';

/**
 * Routes registered with `route(app, endpoints.x, handler)` take method, path, access and schemas
 * from the contract's endpoint table. A few route files still register their routes themselves
 * (the file-serving routes being moved elsewhere): this test keeps every registered route and the
 * table in step, so neither the typed client nor the OpenAPI document can describe a route that is
 * not served, or miss one that is.
 */
const key = (method: string, path: string) => `${method} ${path}`;

describe('endpoint table and registered routes', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // HEAD follows its GET (Fastify adds one for every GET; file routes declare theirs).
    routes = t.app.routeInventory.filter((route) => route.method !== 'HEAD' && route.access !== undefined);
  });
  afterAll(() => t.close());

  it('has an entry with the same access rule for every registered route', () => {
    const table = new Map<string, EndpointEntry>(
      endpointEntries.map((entry) => [key(entry.method, entry.path), entry]),
    );
    const missing = routes.filter((route) => !table.has(key(route.method, route.url)));
    expect(missing.map((route) => key(route.method, route.url))).toEqual([]);
    const differing = routes.filter(
      (route) => table.get(key(route.method, route.url))?.access !== route.access,
    );
    expect(differing.map((route) => `${key(route.method, route.url)} ${route.access}`)).toEqual([]);
  });

  it('registers every entry of the table', () => {
    const registered = new Set(routes.map((route) => key(route.method, route.url)));
    const unregistered = endpointEntries.filter((entry) => !registered.has(key(entry.method, entry.path)));
    expect(unregistered.map((entry) => entry.name)).toEqual([]);
  });

  it('declares HEAD itself where the table says the answer honours ranges', () => {
    for (const entry of endpointEntries.filter((candidate) => candidate.file?.ranges)) {
      expect(t.app.hasRoute({ method: 'HEAD', url: entry.path }), entry.name).toBe(true);
    }
  });

  it('serves the generated document at /api/openapi.json', async () => {
    const response = await call(t.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('serves the viewer at /api/docs under the strict CSP, without inline scripts', async () => {
    const page = await call(t.app, 'GET', '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+"/);
      expect(inline!.trim()).toBe('');
    }
    for (const [, file] of [...page.body.matchAll(/(?:src|href)="\/api\/docs\/([\w.-]+)"/g)]) {
      const asset = await call(t.app, 'GET', `/api/docs/${file}`);
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/(javascript|css)/);
    }
    const start = await call(t.app, 'GET', '/api/docs/start.js');
    expect(start.body).toContain("'/api/openapi.json'");
    // Nothing may leave the origin: Swagger UI's online validator badge is switched off.
    expect(start.body).toContain('validatorUrl: null');
  });

  it('answers 404 for any other file name under /api/docs', async () => {
    for (const name of [
      'index.html',
      '__proto__',
      'constructor',
      '..%2Fpackage.json',
      'swagger-ui-bundle.js.map',
    ]) {
      const response = await call(t.app, 'GET', `/api/docs/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'errors.notFound' } });
    }
  });
});
