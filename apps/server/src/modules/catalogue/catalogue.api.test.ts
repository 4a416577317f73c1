import { ErrorCodes, type AssetAnswer, type AssetsAnswer, type NodeAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from './testing/catalogue-seed.js';

const HOUR = 60 * 60 * 1000;
type Session = Awaited<ReturnType<typeof signInAs>>;

describeEachDatabase('catalogue API', (dialect) => {
  let t: TestApp;
  let registered: Session;
  let internal: Session;
  let superUser: Session;
  const seeded: Record<string, SeededAsset> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [registered, internal, superUser] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'internal'),
      signInAs(t, 'super'),
    ]);
    // germany 1 > { Zubehör 10, Ökologisch 11, Kaffee 12 > Bohnen 120 > Espresso-Bohnen 1200, Äthiopien 13,
    // Sorte 10 14, Sorte 2 15 }; austria 123 > Kaffee AT 124
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 123, de: 'Österreich', en: 'Austria', fr: 'Autriche' },
      { id: 10, parentId: 1, rootId: 1, de: 'Zubehör', en: 'Accessories', fr: 'Accessoires' },
      { id: 11, parentId: 1, rootId: 1, de: 'Ökologisch' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
      { id: 13, parentId: 1, rootId: 1, de: 'Äthiopien' },
      { id: 14, parentId: 1, rootId: 1, de: 'Sorte 10' },
      { id: 15, parentId: 1, rootId: 1, de: 'Sorte 2' },
      { id: 120, parentId: 12, rootId: 1, de: 'Bohnen' },
      { id: 1200, parentId: 120, rootId: 1, de: 'Espresso-Bohnen' },
      { id: 124, parentId: 123, rootId: 123, de: 'Kaffee AT' },
    ]);
    const base = t.clock.now();
    seeded.deepWithThumb = await seedAsset(
      t,
      imageAsset(1200, 1, 'Espresso Classico', { createdAt: base - 5 * HOUR }),
    );
    seeded.deepNoThumb = await seedAsset(
      t,
      imageAsset(1200, 1, 'Espresso Neu', { createdAt: base - 4 * HOUR, renditions: false }),
    );
    seeded.accessory = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffeemühle', {
        en: 'Coffee grinder',
        createdAt: base - 3 * HOUR,
        gtin: '04006067084218',
        imageCategory: 1,
        version: 2,
        linkedSearchable: 'muehle',
        createdBy: superUser.row.id,
        updatedBy: internal.row.id,
      }),
    );
    seeded.withdrawn = await seedAsset(t, imageAsset(10, 1, 'Zurückgezogen', { withdrawn: true }));
    seeded.austrian = await seedAsset(t, imageAsset(124, 123, 'Wiener Melange'));
    seeded.vector = await seedAsset(t, {
      containerId: 11,
      rootId: 1,
      de: 'Logo',
      gtin: '04006067084218',
      imageCategory: 4,
      createdAt: base - 10 * HOUR,
      files: [
        {
          mediaType: 1500,
          bytes: Buffer.from('%PDF-1.7 template'),
          fileName: 'vorlage.pdf',
          mimeType: 'application/pdf',
        },
        {
          mediaType: 1400,
          bytes: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0'),
          fileName: 'logo.eps',
          mimeType: 'application/postscript',
        },
        {
          mediaType: 1100,
          bytes: Buffer.from('old version'),
          fileName: 'alt.jpg',
          mimeType: 'image/jpeg',
          isCurrent: false,
        },
      ],
    });
    // Container 15: seven assets an hour apart, for paging (newest first).
    for (let index = 0; index < 7; index += 1) {
      seeded[`page${index}`] = await seedAsset(
        t,
        imageAsset(15, 1, `Seite ${index}`, { createdAt: base - (20 - index) * HOUR, renditions: false }),
      );
    }
  });
  afterAll(() => t.close());

  const roles = () =>
    [
      ['registered', registered],
      ['internal', internal],
      ['super', superUser],
    ] as const;

  describe('access', () => {
    it('refuses guests and unknown tokens on every catalogue route', async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/node/1'],
        ['GET', '/api/assets/10'],
        ['GET', `/api/asset/${seeded.accessory!.id}`],
        ['DELETE', `/api/asset/${seeded.accessory!.id}`, { reason: 'x' }],
      ];
      for (const [method, url, body] of routes) {
        expectError(await call(t.app, method as 'GET', url, { body }), 401, ErrorCodes.unauthorized);
        expectError(
          await call(t.app, method as 'GET', url, { body, token: 'A'.repeat(43) }),
          401,
          ErrorCodes.unauthorized,
        );
      }
      // Nothing was recorded by the refused removal request.
      const row = await t.context.database.db
        .selectFrom('assets')
        .select('removal_requested_at')
        .where('id', '=', seeded.accessory!.id)
        .executeTakeFirstOrThrow();
      expect(row.removal_requested_at).toBeNull();
    });

    it('lets every approved role read nodes, lists and assets', async () => {
      for (const [role, session] of roles()) {
        for (const url of ['/api/node/1', '/api/assets/10', `/api/asset/${seeded.accessory!.id}`]) {
          const response = await call(t.app, 'GET', url, { token: session.token });
          expect(response.statusCode, `${role} ${url}: ${response.body}`).toBe(200);
        }
      }
    });
  });

  describe('GET /api/node/:id', () => {
    it('answers the root with its children sorted by German name', async () => {
      const response = await call(t.app, 'GET', '/api/node/1', { token: registered.token });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<NodeAnswer>();
      expect(answer.node).toMatchObject({
        id: 1,
        name: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
        parentId: null,
        rootId: 1,
        hasChildren: true,
        assetCount: 0,
      });
      expect(answer.children.map((child) => child.name.de)).toEqual([
        'Äthiopien',
        'Kaffee',
        'Ökologisch',
        'Sorte 2',
        'Sorte 10',
        'Zubehör',
      ]);
      expect(answer.breadcrumb.map((node) => node.id)).toEqual([1]);
      const byId = new Map(answer.children.map((child) => [child.id, child]));
      expect(byId.get(12)).toMatchObject({ hasChildren: true, assetCount: 0, parentId: 1, rootId: 1 });
      expect(byId.get(10)).toMatchObject({ hasChildren: false, assetCount: 1 });
      expect(byId.get(11)).toMatchObject({ assetCount: 1 });
      expect(byId.get(15)).toMatchObject({ assetCount: 7 });
    });

    it('counts the visible assets of all subcategories in totalAssetCount (issue 19.5)', async () => {
      const root = (await call(t.app, 'GET', '/api/node/1', { token: registered.token })).json<NodeAnswer>();
      // 1 accessory (the withdrawn one does not count), 1 logo, 2 espresso three levels down, 7 pages.
      expect(root.node).toMatchObject({ assetCount: 0, totalAssetCount: 11 });
      const byId = new Map(root.children.map((child) => [child.id, child]));
      expect(byId.get(12)).toMatchObject({ assetCount: 0, totalAssetCount: 2 });
      expect(byId.get(10)).toMatchObject({ assetCount: 1, totalAssetCount: 1 });
      expect(byId.get(13)).toMatchObject({ assetCount: 0, totalAssetCount: 0 });
      const kaffee = (
        await call(t.app, 'GET', '/api/node/12', { token: registered.token })
      ).json<NodeAnswer>();
      expect(kaffee.children.map((child) => [child.id, child.totalAssetCount])).toEqual([[120, 2]]);
      const austria = (
        await call(t.app, 'GET', '/api/node/123', { token: registered.token })
      ).json<NodeAnswer>();
      expect(austria.node.totalAssetCount).toBe(1);
    });

    it('gives each node the thumbnail of its newest asset with one, at or below it', async () => {
      const answer = (
        await call(t.app, 'GET', '/api/node/1', { token: registered.token })
      ).json<NodeAnswer>();
      const byId = new Map(answer.children.map((child) => [child.id, child]));
      const thumbOf = (asset: SeededAsset) =>
        new RegExp(`^/api/file/${asset.fileIds[0]}/thumb\\?exp=\\d+&sig=`);
      // The newest visible asset with a thumbnail in all of germany (the withdrawn one is newer).
      expect(answer.node.pictureTicket).toMatch(thumbOf(seeded.accessory!));
      expect(byId.get(10)!.pictureTicket).toMatch(thumbOf(seeded.accessory!));
      // Three levels down; the newer asset there has no thumbnail yet.
      expect(byId.get(12)!.pictureTicket).toMatch(thumbOf(seeded.deepWithThumb!));
      // No renditions (11: vector files without renditions; 15: none made) and no assets at all (13).
      expect(byId.get(11)!.pictureTicket).toBeNull();
      expect(byId.get(13)!.pictureTicket).toBeNull();
      expect(byId.get(15)!.pictureTicket).toBeNull();
    });

    it('answers a deep node with the breadcrumb from its root', async () => {
      const answer = (
        await call(t.app, 'GET', '/api/node/1200', { token: internal.token })
      ).json<NodeAnswer>();
      expect(answer.breadcrumb.map((node) => node.name.de)).toEqual([
        'Deutschland',
        'Kaffee',
        'Bohnen',
        'Espresso-Bohnen',
      ]);
      expect(answer.node).toMatchObject({ id: 1200, parentId: 120, hasChildren: false, assetCount: 2 });
      expect(answer.children).toEqual([]);
      expect(answer.breadcrumb.at(-1)).toEqual(answer.node);
    });

    it('keeps country trees apart', async () => {
      const answer = (
        await call(t.app, 'GET', '/api/node/123', { token: registered.token })
      ).json<NodeAnswer>();
      expect(answer.children.map((child) => child.id)).toEqual([124]);
      expect(answer.node.pictureTicket).toMatch(
        new RegExp(`^/api/file/${seeded.austrian!.fileIds[0]}/thumb`),
      );
    });

    it('answers 404 for an unknown node and 400 for a non-numeric id', async () => {
      expectError(
        await call(t.app, 'GET', '/api/node/999', { token: registered.token }),
        404,
        ErrorCodes.notFound,
      );
      const bad = await call(t.app, 'GET', '/api/node/abc', { token: registered.token });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('GET /api/assets/:containerId', () => {
    it('lists the visible assets of a container, newest first', async () => {
      const answer = (
        await call(t.app, 'GET', '/api/assets/1200', { token: registered.token })
      ).json<AssetsAnswer>();
      expect(answer.numberTotal).toBe(2);
      expect(answer.results.map((asset) => asset.id)).toEqual([
        seeded.deepNoThumb!.id,
        seeded.deepWithThumb!.id,
      ]);
      const accessories = (
        await call(t.app, 'GET', '/api/assets/10', { token: registered.token })
      ).json<AssetsAnswer>();
      expect(accessories.results.map((asset) => asset.id)).toEqual([seeded.accessory!.id]);
      expect(accessories.numberTotal).toBe(1);
    });

    it('pages with offset and limit', async () => {
      const ids = [6, 5, 4, 3, 2, 1, 0].map((index) => seeded[`page${index}`]!.id);
      const first = (
        await call(t.app, 'GET', '/api/assets/15?limit=3', { token: registered.token })
      ).json<AssetsAnswer>();
      expect(first.results.map((asset) => asset.id)).toEqual(ids.slice(0, 3));
      expect(first.numberTotal).toBe(7);
      const last = (
        await call(t.app, 'GET', '/api/assets/15?offset=6&limit=3', { token: registered.token })
      ).json<AssetsAnswer>();
      expect(last.results.map((asset) => asset.id)).toEqual(ids.slice(6));
      const beyond = (
        await call(t.app, 'GET', '/api/assets/15?offset=50', { token: registered.token })
      ).json<AssetsAnswer>();
      expect(beyond).toEqual({ results: [], numberTotal: 7 });
    });

    it('answers an empty list for an empty node, 404 for an unknown one and 400 for bad paging', async () => {
      expect((await call(t.app, 'GET', '/api/assets/13', { token: registered.token })).json()).toEqual({
        results: [],
        numberTotal: 0,
      });
      expectError(
        await call(t.app, 'GET', '/api/assets/4242', { token: registered.token }),
        404,
        ErrorCodes.notFound,
      );
      for (const query of ['limit=0', 'limit=501', 'offset=-1', 'limit=abc']) {
        const response = await call(t.app, 'GET', `/api/assets/15?${query}`, { token: registered.token });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('GET /api/asset/:id', () => {
    it('presents an image asset with tickets, file properties, custom fields and GS1 link', async () => {
      const response = await call(t.app, 'GET', `/api/asset/${seeded.accessory!.id}`, {
        token: registered.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<AssetAnswer>();
      const fileId = seeded.accessory!.fileIds[0]!;
      expect(data).toMatchObject({
        id: seeded.accessory!.id,
        name: { de: 'Kaffeemühle', en: 'Coffee grinder' },
        container: 10,
        mediaType: 1100,
        mediaTypeName: { de: 'Bild (Web, JPEG)' },
        creationDate: new Date(t.clock.now() - 3 * HOUR).toISOString(),
        rootId: 1,
        countryId: 1,
        removalRequested: false,
        gtin: '04006067084218',
        gs1Link: '/gs1/04006067084218_1_s02_v01-kaffeemuehle.jpg',
        fileProperties: {
          width: 1200,
          height: 1200,
          dpiX: null,
          colorspace: 'srgb',
          pageCount: null,
          mimeType: 'image/jpeg',
          fileName: 'Kaffeemühle.jpg',
        },
      });
      expect(data.name.fr).toBeUndefined();
      expect(data.originalTicket).toMatch(
        // Bound to the viewer, so a single-file download is tracked as theirs.
        new RegExp(`^/api/file/${fileId}/original\\?exp=\\d+&u=${registered.row.id}&sig=[\\w-]{43}$`),
      );
      expect(data.defaultThumbTicket).toMatch(new RegExp(`^/api/file/${fileId}/thumb\\?`));
      expect(data.largePreview).toMatch(new RegExp(`^/api/file/${fileId}/preview\\?`));
      expect(data.files).toHaveLength(1);
      expect(data.files[0]).toMatchObject({
        id: fileId,
        mediaType: 1100,
        originalTicket: data.originalTicket,
      });
      expect(data.fileProperties.fileSize).toBeGreaterThan(0);
      expect(data.customFields).toEqual([
        { fieldId: 100, name: { de: 'GTIN', en: 'GTIN', fr: 'GTIN' }, value: '04006067084218' },
        { fieldId: 101, name: expect.objectContaining({ de: 'Verknüpft (durchsuchbar)' }), value: 'muehle' },
        { fieldId: 102, name: expect.objectContaining({ en: 'Image category' }), value: '1' },
        { fieldId: 103, name: expect.objectContaining({ de: 'Version' }), value: '2' },
      ]);
      expect(data).not.toHaveProperty('createdByUser');
      expect(data).not.toHaveProperty('lastModifiedByUser');
    });

    it('shows creator and last editor to super users only', async () => {
      const url = `/api/asset/${seeded.accessory!.id}`;
      for (const session of [registered, internal]) {
        const { data } = (await call(t.app, 'GET', url, { token: session.token })).json<AssetAnswer>();
        expect(data).not.toHaveProperty('createdByUser');
      }
      const { data } = (await call(t.app, 'GET', url, { token: superUser.token })).json<AssetAnswer>();
      expect(data.createdByUser).toEqual({ userName: superUser.email, firstname: 'Test', lastname: 'super' });
      expect(data.lastModifiedByUser).toEqual({
        userName: internal.email,
        firstname: 'Test',
        lastname: 'internal',
      });
      const other = (
        await call(t.app, 'GET', `/api/asset/${seeded.austrian!.id}`, { token: superUser.token })
      ).json<AssetAnswer>();
      expect(other.data.createdByUser).toBeNull();
    });

    it('takes the first file type without a 1100 file, lists only current files, and has no GS1 link then', async () => {
      const { data } = (
        await call(t.app, 'GET', `/api/asset/${seeded.vector!.id}`, { token: registered.token })
      ).json<AssetAnswer>();
      expect(data.mediaType).toBe(1400);
      expect(data.mediaTypeName.de).toBe('Vektorgrafik (EPS)');
      expect(data.fileProperties.fileName).toBe('logo.eps');
      expect(data.files.map((file) => file.mediaType)).toEqual([1400, 1500]);
      expect(data.gs1Link).toBeNull();
      expect(data.customFields.map((field) => field.fieldId)).toEqual([100, 102]);
    });

    it('answers asset.errors.notFound for unknown and withdrawn assets', async () => {
      for (const id of [999_999, seeded.withdrawn!.id]) {
        expectError(
          await call(t.app, 'GET', `/api/asset/${id}`, { token: registered.token }),
          404,
          ErrorCodes.assetNotFound,
        );
      }
    });
  });

  describe('DELETE /api/asset/:id (removal request)', () => {
    it('records who asked, when and why; a second request keeps the first; everyone sees the flag', async () => {
      const id = seeded.deepWithThumb!.id;
      const requestedAt = t.clock.now();
      const first = await call(t.app, 'DELETE', `/api/asset/${id}`, {
        token: registered.token,
        body: { assetId: id, reason: 'Altes Design' },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ success: true });

      t.clock.advance(HOUR);
      const second = await call(t.app, 'DELETE', `/api/asset/${id}`, {
        token: superUser.token,
        body: { reason: 'x' },
      });
      expect(second.json()).toEqual({ success: true });

      const row = await t.context.database.db
        .selectFrom('assets')
        .select(['removal_requested_at', 'removal_requested_by', 'removal_reason', 'withdrawn_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        removal_requested_at: requestedAt,
        removal_requested_by: registered.row.id,
        removal_reason: 'Altes Design',
        withdrawn_at: null,
      });
      for (const [, session] of roles()) {
        const { data } = (
          await call(t.app, 'GET', `/api/asset/${id}`, { token: session.token })
        ).json<AssetAnswer>();
        expect(data.removalRequested).toBe(true);
      }
      const list = (
        await call(t.app, 'GET', '/api/assets/1200', { token: internal.token })
      ).json<AssetsAnswer>();
      expect(list.results.find((asset) => asset.id === id)?.removalRequested).toBe(true);
    });

    it('accepts a request without a body', async () => {
      const id = seeded.page0!.id;
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/asset/${id}`,
        headers: { authorization: `Bearer ${internal.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = (
        await call(t.app, 'GET', `/api/asset/${id}`, { token: registered.token })
      ).json<AssetAnswer>();
      expect(data.removalRequested).toBe(true);
    });

    it('refuses unknown and withdrawn assets, a mismatching assetId and an overlong reason', async () => {
      for (const id of [999_999, seeded.withdrawn!.id]) {
        expectError(
          await call(t.app, 'DELETE', `/api/asset/${id}`, { token: registered.token, body: {} }),
          404,
          ErrorCodes.assetNotFound,
        );
      }
      const id = seeded.page1!.id;
      expectError(
        await call(t.app, 'DELETE', `/api/asset/${id}`, {
          token: registered.token,
          body: { assetId: id + 1 },
        }),
        400,
        ErrorCodes.badRequest,
        'assetId',
      );
      expectError(
        await call(t.app, 'DELETE', `/api/asset/${id}`, {
          token: registered.token,
          body: { reason: 'x'.repeat(1001) },
        }),
        400,
        ErrorCodes.tooLong,
        'reason',
      );
      const { data } = (
        await call(t.app, 'GET', `/api/asset/${id}`, { token: registered.token })
      ).json<AssetAnswer>();
      expect(data.removalRequested).toBe(false);
    });
  });

  describe('service API for search', () => {
    it('assetsByIds keeps the order of the ids and drops withdrawn, unknown and repeated ones', async () => {
      const ids = [
        seeded.austrian!.id,
        seeded.withdrawn!.id,
        seeded.accessory!.id,
        999_999,
        seeded.austrian!.id,
      ];
      const viewer = {
        id: registered.row.id,
        email: registered.email,
        isSuperUser: false,
        jde: false,
        lang: 'de',
        sessionId: 0,
      };
      const assets = await t.context.catalogue.assetsByIds(ids, viewer);
      expect(assets.map((asset) => asset.id)).toEqual([seeded.austrian!.id, seeded.accessory!.id]);
      expect(await t.context.catalogue.assetsByIds([], viewer)).toEqual([]);
    });

    it('nodesByIds and topCategoriesOf answer CatalogueNodes', async () => {
      const nodes = await t.context.catalogue.nodesByIds([12, 4711, 10]);
      expect(nodes.map((node) => [node.id, node.hasChildren, node.assetCount, node.pictureTicket])).toEqual([
        [12, true, 0, null],
        [10, false, 1, null],
      ]);
      const top = await t.context.catalogue.topCategoriesOf(1);
      expect(top.map((node) => node.id)).toEqual([13, 12, 11, 15, 14, 10]);
      const withPictures = await t.context.catalogue.topCategoriesOf(1, { pictures: true });
      expect(withPictures.find((node) => node.id === 10)?.pictureTicket).toMatch(
        /^\/api\/file\/\d+\/thumb\?/,
      );
    });
  });
});
