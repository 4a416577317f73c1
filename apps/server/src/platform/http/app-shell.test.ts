import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';

describeEachDatabase('app shell', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers health with the database kind', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('serves the OpenAPI document with the account calls', async () => {
    const response = await call(t.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/user/login', '/api/user/', '/api/user/reset_password/{uuid}']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await call(t.app, 'GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'errors.notFound' } });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'errors.badRequest' } });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await call(t.app, 'POST', '/api/user/contact', {
      body: { name: 'A B', email: 'a@b.example', message: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'errors.payloadTooLarge' } });
  });

  it('sends strict security headers', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves public settings for the legal pages', async () => {
    const response = await call(t.app, 'GET', '/api/settings');
    expect(response.statusCode).toBe(200);
    const settings = response.json<{ offices: { country: string }[]; internalEmailDomains: string[] }>();
    expect(settings.offices.map((office) => office.country).sort()).toEqual([
      'austria',
      'germany',
      'switzerland',
    ]);
    expect(settings.internalEmailDomains).toEqual(['nordstern-kaffee.example']);
  });
});
