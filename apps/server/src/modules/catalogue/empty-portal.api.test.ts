import fs from 'node:fs/promises';
import type { AdminNodeAnswer, NodeAnswer, SearchAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeImportDir } from '../../test/import-dirs.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';

/**
 * Issue 16: a portal without the demo (DEMO=false, a new PostgreSQL database) has its country
 * roots from the migrations. Their pages answer with no categories instead of an error, search of
 * an empty country finds nothing without failing, and an operator's manifest that only adds
 * categories under the roots imports.
 */
describeEachDatabase('an empty portal', (dialect) => {
  let t: TestApp;
  let partner: string;
  let admin: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { DEMO: 'false' });
    partner = (await signInAs(t, 'registered')).token;
    admin = (await signInAs(t, 'super')).token;
  });
  afterAll(async () => {
    await t.close();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const node = (id: number) => call(t.app, 'GET', `/api/node/${id}`, { token: partner });

  it('answers each country root with its names and no categories', async () => {
    const names = {
      1: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      123: { de: 'Österreich', en: 'Austria', fr: 'Autriche' },
      658: { de: 'Schweiz', en: 'Switzerland', fr: 'Suisse' },
    };
    for (const [id, name] of Object.entries(names)) {
      const response = await node(Number(id));
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<NodeAnswer>();
      expect(answer.node).toMatchObject({ id: Number(id), parentId: null, name, hasChildren: false });
      expect(answer.children).toEqual([]);
      expect(answer.breadcrumb.map((entry) => entry.id)).toEqual([Number(id)]);
    }
    const assets = await call(t.app, 'GET', '/api/assets/658', { token: partner });
    expect(assets.statusCode, assets.body).toBe(200);
  });

  it('searches an empty country without an error, on every root', async () => {
    for (const rootId of [1, 123, 658]) {
      const response = await call(t.app, 'POST', '/api/search/', {
        token: partner,
        body: { query: 'kaffee', rootId, offset: 0, limit: 50 },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SearchAnswer>()).toMatchObject({ results: [], numberTotal: 0, facets: [] });
    }
  });

  it('imports a manifest that only adds categories under the roots, and again without a change', async () => {
    const dir = await makeImportDir({
      nodes: [
        { id: 10, parentId: 1, name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' } },
        { id: 11, parentId: 10, name: { de: 'Bohnen' } },
        { id: 130, parentId: 123, name: { de: 'Tee' } },
        { id: 660, parentId: 658, name: { de: 'Kakao' } },
      ],
    });
    dirs.push(dir);
    const first = await t.context.imports.importDirectory(dir);
    expect(first.nodes).toEqual({ created: 4, updated: 0, unchanged: 0 });
    const again = await t.context.imports.importDirectory(dir);
    expect(again.nodes).toEqual({ created: 0, updated: 0, unchanged: 4 });

    const germany = (await node(1)).json<NodeAnswer>();
    expect(germany.children.map((child) => [child.id, child.name.de, child.hasChildren])).toEqual([
      [10, 'Kaffee', true],
    ]);
    expect((await node(658)).json<NodeAnswer>().children.map((child) => child.id)).toEqual([660]);
  });

  it('lets a super user create a category under a root from the admin screens', async () => {
    const response = await call(t.app, 'POST', '/api/admin/catalogue/nodes', {
      token: admin,
      body: { parentId: 123, name: { de: 'Vorlagen', en: 'Templates', fr: 'Modèles' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<AdminNodeAnswer>().node;
    expect(created).toMatchObject({ parentId: 123, rootId: 123 });
    // A new id beyond the roots and the imported ones.
    expect(created.id).toBe(661);
  });
});
