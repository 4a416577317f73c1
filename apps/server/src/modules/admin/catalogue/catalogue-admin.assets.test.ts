import fs from 'node:fs/promises';
import {
  CATALOGUE_UPLOAD_FIELD,
  ErrorCodes,
  type AdminAssetAnswer,
  type AssetAnswer,
  type SearchAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/media-fixtures.js';
import { multipartBody } from '../../../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { expectError, signInAs } from '../../../test/users.js';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../../catalogue/testing/catalogue-seed.js';
import { auditOf } from '../testing/admin-helpers.js';

describeEachDatabase('catalogue admin: editing assets', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let partner: Awaited<ReturnType<typeof signInAs>>;
  let asset: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, partner] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 658, de: 'Schweiz' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
      { id: 30, parentId: 658, rootId: 658, de: 'Kaffee CH' },
    ]);
    asset = await seedAsset(
      t,
      imageAsset(10, 1, 'Mokka Klassik', { gtin: '04006067084218', imageCategory: 1 }),
    );
    await t.context.search.rebuild();
  });
  afterAll(() => t.close());

  const edit = (body: unknown, id = asset.id) =>
    call(t.app, 'PATCH', `/api/admin/catalogue/assets/${id}`, { token: admin.token, body });
  const current = async () =>
    (
      await call(t.app, 'GET', `/api/admin/catalogue/assets/${asset.id}`, { token: admin.token })
    ).json<AdminAssetAnswer>().asset;
  const searchIds = async (query: string) =>
    (await call(t.app, 'POST', '/api/search/', { token: partner.token, body: { query } }))
      .json<SearchAnswer>()
      .results.map((found) => found.id);
  const replace = async (name: string, mediaType: string, uploadedAs = name.split('/').pop()!) => {
    const { body, contentType } = multipartBody({ mediaType }, [
      { field: CATALOGUE_UPLOAD_FIELD, filename: uploadedAs, content: await fs.readFile(fixture(name)) },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/assets/${asset.id}/files`,
      headers: { 'content-type': contentType, authorization: `Bearer ${admin.token}` },
      payload: body,
    });
  };

  describe('names, keywords and custom fields', () => {
    it('saves them, re-indexes the asset and logs what changed', async () => {
      const response = await edit({
        name: { de: 'Mokka Gold', en: 'Mocha gold', fr: '' },
        keywords: '  bohne   röstung ',
        description: 'Kräftig geröstet',
        customFields: { 100: '4006067084218', 103: '2', 104: '1', 101: 'Serie A' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<AdminAssetAnswer>().asset;
      expect(saved).toMatchObject({
        name: { de: 'Mokka Gold', en: 'Mocha gold', fr: null },
        keywords: 'bohne röstung',
        description: 'Kräftig geröstet',
        customFields: { 100: '04006067084218', 101: 'Serie A', 102: '1', 103: '2', 104: '1' },
      });

      expect(await searchIds('röstung')).toEqual([asset.id]);
      const page = (
        await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: partner.token })
      ).json<AssetAnswer>();
      expect(page.data.name).toEqual({ de: 'Mokka Gold', en: 'Mocha gold' });
      expect(page.data.gs1Link).toMatch(/^\/gs1\/04006067084218_1_s02_v01-mokka-gold\.jpg$/);

      const [entry] = await auditOf(t, admin.token, { type: 'asset', id: asset.id });
      expect(entry).toMatchObject({
        action: 'asset.update',
        actor: { userId: admin.row.id },
        before: { name_de: 'Mokka Klassik', keywords: '', version: null },
        after: { name_de: 'Mokka Gold', keywords: 'bohne röstung', version: 2 },
      });
      // Fields that did not change are not in the entry.
      expect(entry!.before).not.toHaveProperty('gtin');
      expect(entry!.before).not.toHaveProperty('image_category');
    });

    it('refuses bad custom fields at the field, changing nothing', async () => {
      const before = await current();
      const badGtin = await edit({ customFields: { 100: '4006067084219' } });
      expectError(badGtin, 400, ErrorCodes.validation);
      expect(badGtin.json<{ error: { fields: unknown[] } }>().error.fields).toEqual([
        { path: 'customFields.100', code: 'import.errors.badGtin' },
      ]);
      const badCategory = await edit({ customFields: { 102: '13', 104: 'x' } });
      expect(badCategory.json<{ error: { fields: unknown[] } }>().error.fields).toEqual([
        { path: 'customFields.102', code: 'import.errors.badImageCategory' },
        { path: 'customFields.104', code: 'import.errors.badVariant' },
      ]);
      expectError(await edit({ name: { de: '', en: '', fr: '' } }), 400, ErrorCodes.required, 'name.de');
      expectError(await edit({ keywords: 'x'.repeat(5001) }), 400, ErrorCodes.tooLong, 'keywords');
      expectError(await edit({}), 400, ErrorCodes.required);
      expectError(await edit({ keywords: 'x' }, 999_999), 404, ErrorCodes.assetNotFound);
      expect(await current()).toEqual(before);
    });

    it('moves the asset into a category of another country', async () => {
      const response = await edit({ container: 30 });
      expect(response.json<AdminAssetAnswer>().asset).toMatchObject({ container: 30, rootId: 658 });
      const page = (
        await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: partner.token })
      ).json<AssetAnswer>();
      expect(page.data.rootId).toBe(658);
      expectError(await edit({ container: 4711 }), 404, ErrorCodes.catalogueNodeNotFound);
      await edit({ container: 10 });
    });
  });

  describe('replacing a file', () => {
    it('makes the upload the next version and keeps the old one', async () => {
      const response = await replace('packshot-rgb.jpg', '1100', 'mokka-gold.jpg');
      expect(response.statusCode, response.body).toBe(200);
      const { files } = response.json<AdminAssetAnswer>().asset;
      expect(
        files.map((file) => [file.mediaType, file.version, file.current, file.fileProperties.fileName]),
      ).toEqual([
        [1100, 2, true, 'mokka-gold.jpg'],
        [1100, 1, false, 'Mokka Klassik.jpg'],
      ]);
      expect(files[0]!.thumbTicket).toMatch(/^\/api\/file\/\d+\/thumb\?/);
      const page = (
        await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: partner.token })
      ).json<AssetAnswer>();
      expect(page.data.fileProperties).toMatchObject({ fileName: 'mokka-gold.jpg', width: 1200 });

      // The same bytes under the same name again: nothing new.
      const again = await replace('packshot-rgb.jpg', '1100', 'mokka-gold.jpg');
      expect(again.json<AdminAssetAnswer>().asset.files).toHaveLength(2);

      const entries = await auditOf(t, admin.token, { type: 'asset', id: asset.id });
      expect(entries.filter((entry) => entry.action === 'asset.replaceFile')).toEqual([
        expect.objectContaining({
          before: { mediaType: 1100, version: 1 },
          after: { mediaType: 1100, version: 2, fileName: 'mokka-gold.jpg' },
        }),
      ]);
    });

    it('adds a file of a media type the asset did not have as version 1', async () => {
      const response = await replace('logo.eps', '1400');
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response
          .json<AdminAssetAnswer>()
          .asset.files.filter((file) => file.mediaType === 1400)
          .map((file) => [file.version, file.current]),
      ).toEqual([[1, true]]);
    });

    it('keeps a named media type the content contradicts, showing what the file really is', async () => {
      // Named print data (1200), but the file is an RGB JPEG: no silent relabelling of the choice.
      const response = await replace('packshot-rgb.jpg', '1200', 'druck.jpg');
      expect(response.statusCode, response.body).toBe(200);
      const print = response.json<AdminAssetAnswer>().asset.files.find((file) => file.mediaType === 1200);
      expect(print?.fileProperties).toMatchObject({
        fileName: 'druck.jpg',
        format: 'jpeg',
        colourSpace: 'srgb',
        bitDepth: 8,
        dpiX: 72,
      });
    });

    it('refuses content that does not fit, damaged files and unknown media types', async () => {
      const before = await current();
      const pdf = await replace('template.pdf', '1100');
      expectError(pdf, 422, ErrorCodes.catalogueUploadRefused);
      expect(pdf.json<{ error: { fields: unknown[] } }>().error.fields).toEqual([
        { path: 'template.pdf', code: 'import.errors.wrongFileType' },
      ]);
      const truncated = await replace('bad/truncated.jpg', '1100');
      expect(truncated.json<{ error: { fields: unknown[] } }>().error.fields).toEqual([
        { path: 'truncated.jpg', code: 'media.errors.damaged' },
      ]);
      expectError(await replace('packshot-rgb.jpg', '999'), 400, ErrorCodes.validation, 'mediaType');
      expectError(await replace('packshot-rgb.jpg', 'web'), 400, ErrorCodes.validation);
      expect(await current()).toEqual(before);
    });
  });

  describe('withdraw and restore', () => {
    it('hides the asset everywhere and brings it back', async () => {
      const withdrawn = await call(t.app, 'POST', `/api/admin/catalogue/assets/${asset.id}/withdraw`, {
        token: admin.token,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json<AdminAssetAnswer>().asset).toMatchObject({ withdrawn: true });
      expect(withdrawn.json<AdminAssetAnswer>().asset.files.every((file) => file.thumbTicket === null)).toBe(
        true,
      );
      expectError(
        await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: partner.token }),
        404,
        ErrorCodes.assetNotFound,
      );
      expect(await searchIds('röstung')).toEqual([]);

      // Twice changes nothing and logs nothing more.
      await call(t.app, 'POST', `/api/admin/catalogue/assets/${asset.id}/withdraw`, { token: admin.token });
      const restored = await call(t.app, 'POST', `/api/admin/catalogue/assets/${asset.id}/restore`, {
        token: admin.token,
      });
      expect(restored.json<AdminAssetAnswer>().asset).toMatchObject({ withdrawn: false });
      expect((await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: partner.token })).statusCode).toBe(
        200,
      );
      expect(await searchIds('röstung')).toEqual([asset.id]);

      const actions = (await auditOf(t, admin.token, { type: 'asset', id: asset.id })).map(
        (entry) => entry.action,
      );
      expect(actions.filter((action) => action === 'asset.withdraw' || action === 'asset.restore')).toEqual([
        'asset.restore',
        'asset.withdraw',
      ]);
    });
  });
});
