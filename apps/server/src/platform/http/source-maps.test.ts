import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

/** Issue 17.9: the built app's source maps stay on the server's disk; they are not served. */
describe('web app files', () => {
  let t: TestApp;
  let webDist: string;
  const SOURCE = 'const secretAdminRoute = "/admin/jobs";';

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Mediabox</title>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-1a2b.js'), 'console.log(1);');
    await fs.writeFile(
      path.join(webDist, 'assets', 'app-1a2b.js.map'),
      JSON.stringify({ version: 3, sources: ['app.ts'], sourcesContent: [SOURCE], mappings: '' }),
    );
    t = await createTestApp('sqlite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('serves the bundle but never its source map', async () => {
    expect((await call(t.app, 'GET', '/assets/app-1a2b.js')).body).toBe('console.log(1);');
    const map = await call(t.app, 'GET', '/assets/app-1a2b.js.map');
    expect(map.body).not.toContain(SOURCE);
    expect(map.headers['content-type']).not.toMatch(/json/);
  });
});
