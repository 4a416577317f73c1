import {
  ErrorCodes,
  type AdminNodeAnswer,
  type AdminTreeAnswer,
  type AssetAnswer,
  type NodeAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { expectError, signInAs } from '../../../test/users.js';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../../catalogue/testing/catalogue-seed.js';
import { auditOf } from '../testing/admin-helpers.js';

const names = (de: string) => ({ de, en: `${de} (en)`, fr: `${de} (fr)` });

describeEachDatabase('catalogue admin: categories', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let partner: Awaited<ReturnType<typeof signInAs>>;
  let coffeeAsset: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, partner] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 123, de: 'Österreich' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
      { id: 11, parentId: 10, rootId: 1, de: 'Bohnen' },
      { id: 20, parentId: 123, rootId: 123, de: 'Tee' },
    ]);
    coffeeAsset = await seedAsset(t, imageAsset(11, 1, 'Crema Bohne 1 kg'));
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: admin.token, ...(body !== undefined ? { body } : {}) });
  const nodeCount = async () =>
    Number(
      (
        await t.context.database.db
          .selectFrom('nodes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('create', () => {
    it('creates a category in three languages below a root, visible to partners at once', async () => {
      const response = await asAdmin('POST', '/api/admin/catalogue/nodes', {
        parentId: 1,
        name: { de: ' Kapseln ', en: 'Capsules', fr: 'Capsules' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { node } = response.json<AdminNodeAnswer>();
      expect(node).toMatchObject({
        parentId: 1,
        rootId: 1,
        name: { de: 'Kapseln', en: 'Capsules', fr: 'Capsules' },
      });

      const seen = await call(t.app, 'GET', `/api/node/${node.id}`, { token: partner.token });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json<NodeAnswer>().breadcrumb.map((entry) => entry.id)).toEqual([1, node.id]);

      const tree = (await asAdmin('GET', '/api/admin/catalogue/tree')).json<AdminTreeAnswer>();
      expect(tree.nodes.find((entry) => entry.id === node.id)).toMatchObject({
        assetCount: 0,
        withdrawnCount: 0,
      });
      expect(tree.nodes.find((entry) => entry.id === 11)).toMatchObject({ assetCount: 1 });
      // Countries and top categories count what their subcategories hold (issue 19.5).
      expect(tree.nodes.find((entry) => entry.id === 1)).toMatchObject({ assetCount: 0, totalAssetCount: 1 });
      expect(tree.nodes.find((entry) => entry.id === 10)).toMatchObject({
        assetCount: 0,
        totalAssetCount: 1,
      });
      expect(tree.nodes.find((entry) => entry.id === 123)).toMatchObject({ totalAssetCount: 0 });

      const [entry] = await auditOf(t, admin.token, { type: 'node', id: node.id });
      expect(entry).toMatchObject({
        action: 'node.create',
        actor: { userId: admin.row.id },
        before: null,
        after: { parentId: 1, name: { de: 'Kapseln', en: 'Capsules', fr: 'Capsules' } },
      });
    });

    it('gives categories created one after another their own ids', async () => {
      const first = await asAdmin('POST', '/api/admin/catalogue/nodes', { parentId: 10, name: names('A') });
      const second = await asAdmin('POST', '/api/admin/catalogue/nodes', { parentId: 10, name: names('B') });
      const ids = [first, second].map((response) => response.json<AdminNodeAnswer>().node.id);
      expect(new Set(ids).size).toBe(2);
      const tree = (await asAdmin('GET', '/api/admin/catalogue/tree')).json<AdminTreeAnswer>();
      expect(tree.nodes.filter((node) => ids.includes(node.id)).map((node) => node.name.de)).toEqual([
        'A',
        'B',
      ]);
    });

    it('refuses missing, blank or long names and unknown parents, creating nothing', async () => {
      const before = await nodeCount();
      expectError(
        await asAdmin('POST', '/api/admin/catalogue/nodes', { parentId: 1, name: { de: 'Nur Deutsch' } }),
        400,
        ErrorCodes.required,
        'name.en',
      );
      expectError(
        await asAdmin('POST', '/api/admin/catalogue/nodes', {
          parentId: 1,
          name: { de: '   ', en: 'x', fr: 'x' },
        }),
        400,
        ErrorCodes.required,
        'name.de',
      );
      expectError(
        await asAdmin('POST', '/api/admin/catalogue/nodes', {
          parentId: 1,
          name: { de: 'x'.repeat(201), en: 'x', fr: 'x' },
        }),
        400,
        ErrorCodes.tooLong,
        'name.de',
      );
      expectError(
        await asAdmin('POST', '/api/admin/catalogue/nodes', { parentId: 'eins', name: names('X') }),
        400,
        ErrorCodes.validation,
      );
      expectError(
        await asAdmin('POST', '/api/admin/catalogue/nodes', { parentId: 4711, name: names('X') }),
        404,
        ErrorCodes.catalogueNodeNotFound,
      );
      expect(await nodeCount()).toBe(before);
    });
  });

  describe('rename and move', () => {
    it('renames in three languages and writes before and after to the audit log', async () => {
      const response = await asAdmin('PATCH', '/api/admin/catalogue/nodes/11', {
        name: names('Ganze Bohnen'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminNodeAnswer>().node.name).toEqual(names('Ganze Bohnen'));
      const seen = (await call(t.app, 'GET', '/api/node/11', { token: partner.token })).json<NodeAnswer>();
      expect(seen.node.name.fr).toBe('Ganze Bohnen (fr)');

      const [entry] = await auditOf(t, admin.token, { type: 'node', id: 11 });
      expect(entry).toMatchObject({
        action: 'node.update',
        before: { parentId: 10, name: { de: 'Bohnen', en: 'Bohnen', fr: 'Bohnen' } },
        after: { parentId: 10, name: names('Ganze Bohnen') },
      });
    });

    it('writes no audit row when nothing changes', async () => {
      const before = (await auditOf(t, admin.token, { type: 'node', id: 11 })).length;
      const response = await asAdmin('PATCH', '/api/admin/catalogue/nodes/11', {
        name: names('Ganze Bohnen'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await auditOf(t, admin.token, { type: 'node', id: 11 })).toHaveLength(before);
    });

    it('moves a branch to another country: its sub-categories and assets follow', async () => {
      const response = await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', { parentId: 20 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminNodeAnswer>().node).toMatchObject({ parentId: 20, rootId: 123 });

      const child = (await call(t.app, 'GET', '/api/node/11', { token: partner.token })).json<NodeAnswer>();
      expect(child.breadcrumb.map((node) => node.id)).toEqual([123, 20, 10, 11]);
      const asset = await call(t.app, 'GET', `/api/asset/${coffeeAsset.id}`, { token: partner.token });
      expect(asset.json<AssetAnswer>().data.rootId).toBe(123);

      // And back, so the other tests keep their tree.
      expect((await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', { parentId: 1 })).statusCode).toBe(200);
      const back = await call(t.app, 'GET', `/api/asset/${coffeeAsset.id}`, { token: partner.token });
      expect(back.json<AssetAnswer>().data.rootId).toBe(1);
    });

    it('refuses to move a country root, or a category into its own branch', async () => {
      expectError(
        await asAdmin('PATCH', '/api/admin/catalogue/nodes/123', { parentId: 1 }),
        409,
        ErrorCodes.catalogueRootFixed,
      );
      expectError(
        await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', { parentId: 11 }),
        409,
        ErrorCodes.catalogueCycle,
      );
      expectError(
        await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', { parentId: 10 }),
        409,
        ErrorCodes.catalogueCycle,
      );
      expectError(
        await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', { parentId: 4711 }),
        404,
        ErrorCodes.catalogueNodeNotFound,
      );
      expectError(await asAdmin('PATCH', '/api/admin/catalogue/nodes/10', {}), 400, ErrorCodes.required);
      const tree = (await asAdmin('GET', '/api/admin/catalogue/tree')).json<AdminTreeAnswer>();
      expect(tree.nodes.find((node) => node.id === 10)).toMatchObject({ parentId: 1, rootId: 1 });
      expect(tree.nodes.find((node) => node.id === 123)).toMatchObject({ parentId: null });
    });
  });

  describe('delete', () => {
    it('deletes an empty category only', async () => {
      expectError(
        await asAdmin('DELETE', '/api/admin/catalogue/nodes/10'),
        409,
        ErrorCodes.catalogueNotEmpty,
      );
      expectError(
        await asAdmin('DELETE', '/api/admin/catalogue/nodes/11'),
        409,
        ErrorCodes.catalogueNotEmpty,
      );
      expectError(
        await asAdmin('DELETE', '/api/admin/catalogue/nodes/1'),
        409,
        ErrorCodes.catalogueRootFixed,
      );

      const created = await asAdmin('POST', '/api/admin/catalogue/nodes', {
        parentId: 20,
        name: names('Leer'),
      });
      const { id } = created.json<AdminNodeAnswer>().node;
      const response = await asAdmin('DELETE', `/api/admin/catalogue/nodes/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect((await call(t.app, 'GET', `/api/node/${id}`, { token: partner.token })).statusCode).toBe(404);
      expectError(
        await asAdmin('DELETE', `/api/admin/catalogue/nodes/${id}`),
        404,
        ErrorCodes.catalogueNodeNotFound,
      );
      const [entry] = await auditOf(t, admin.token, { type: 'node', id });
      expect(entry).toMatchObject({ action: 'node.delete', before: { parentId: 20 }, after: null });
    });
  });
});
