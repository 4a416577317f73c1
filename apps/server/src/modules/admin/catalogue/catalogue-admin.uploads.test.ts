import fs from 'node:fs/promises';
import path from 'node:path';
import {
  CATALOGUE_UPLOAD_FIELD,
  ErrorCodes,
  type AdminAssetAnswer,
  type AdminContainerAssetsAnswer,
  type AssetAnswer,
  type SearchAnswer,
  type UploadAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/media-fixtures.js';
import { multipartBody, type FilePart } from '../../../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { expectError, signInAs } from '../../../test/users.js';
import { seedNodes } from '../../catalogue/testing/catalogue-seed.js';
import { opaqueAlphaPng, opaqueWebp, rgb16Tiff } from '../../catalogue/testing/format-samples.js';
import { auditOf } from '../testing/admin-helpers.js';

const GTIN = '04006067084218';

const part = async (name: string, uploadedAs = path.basename(name)): Promise<FilePart> => ({
  field: CATALOGUE_UPLOAD_FIELD,
  filename: uploadedAs,
  content: await fs.readFile(fixture(name)),
});

describeEachDatabase('catalogue admin: uploads through the import', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let partner: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, partner] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
      { id: 12, parentId: 1, rootId: 1, de: 'Logos' },
    ]);
  });
  afterAll(() => t.close());

  const upload = (
    nodeId: number,
    files: FilePart[],
    fields: Record<string, string> = {},
    token = admin.token,
  ) => {
    const { body, contentType } = multipartBody(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/nodes/${nodeId}/assets`,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: body,
    });
  };
  const assetCount = async () =>
    Number(
      (
        await t.context.database.db
          .selectFrom('assets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const staged = async () => fs.readdir(path.join(t.dataDir, 'upload-staging')).catch(() => [] as string[]);
  const searchIds = async (query: string) =>
    (await call(t.app, 'POST', '/api/search/', { token: partner.token, body: { query } }))
      .json<SearchAnswer>()
      .results.map((asset) => asset.id);

  describe('GS1-named images', () => {
    let frontId: number;

    it('fill GTIN, view, version and variant; the asset is found by its GTIN at once', async () => {
      const response = await upload(10, [
        await part('gs1/04006067084218_C1C1.jpg'),
        await part('gs1/04006067084218_C2C1.jpg', '04006067084218_C2C1_s02_v03.jpg'),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const { assets } = response.json<UploadAnswer>();
      expect(assets).toEqual([
        expect.objectContaining({
          fileName: '04006067084218_C1C1.jpg',
          outcome: 'created',
          gtin: GTIN,
          imageCategory: 1,
          version: null,
          variant: null,
        }),
        expect.objectContaining({
          fileName: '04006067084218_C2C1_s02_v03.jpg',
          outcome: 'created',
          gtin: GTIN,
          imageCategory: 2,
          version: 2,
          variant: 3,
        }),
      ]);
      frontId = assets[0]!.assetId;

      expect(await searchIds(GTIN)).toEqual(expect.arrayContaining(assets.map((asset) => asset.assetId)));
      const page = await call(t.app, 'GET', `/api/asset/${frontId}`, { token: partner.token });
      expect(page.statusCode, page.body).toBe(200);
      const shown = page.json<AssetAnswer>().data;
      expect(shown).toMatchObject({ container: 10, rootId: 1, gtin: GTIN });
      expect(shown.files.map((file) => file.fileProperties)).toEqual([
        expect.objectContaining({ fileName: '04006067084218_C1C1.jpg', width: 900, height: 900 }),
      ]);
      // Thumbnails and previews are made by the same durable job as for `mediabox import`.
      const jobs = await t.context.database.db.selectFrom('jobs').select('name').execute();
      expect(jobs.map((job) => job.name)).toContain('media.renditions');

      const [entry] = await auditOf(t, admin.token, { type: 'asset', id: frontId });
      expect(entry).toMatchObject({
        action: 'asset.upload',
        actor: { userId: admin.row.id },
        after: { fileName: '04006067084218_C1C1.jpg', container: 10, outcome: 'created' },
      });
      expect(await staged()).toEqual([]);
    });

    it('makes the same name again the same asset: identical bytes change nothing, new bytes a new version', async () => {
      const same = await upload(10, [await part('gs1/04006067084218_C1C1.jpg')]);
      expect(same.json<UploadAnswer>().assets[0]).toMatchObject({ assetId: frontId, outcome: 'unchanged' });

      const changed = await upload(12, [await part('packshot-rgb.jpg', '04006067084218_C1C1.jpg')]);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<UploadAnswer>().assets[0]).toMatchObject({ assetId: frontId, outcome: 'updated' });

      const { asset } = (
        await call(t.app, 'GET', `/api/admin/catalogue/assets/${frontId}`, { token: admin.token })
      ).json<AdminAssetAnswer>();
      // Moved into the category it was dropped in, with both versions kept.
      expect(asset.container).toBe(12);
      expect(asset.files.map((file) => [file.version, file.current, file.fileProperties.width])).toEqual([
        [2, true, 1200],
        [1, false, 900],
      ]);
    });
  });

  it('names other files after themselves and picks the media type from the content, not the extension', async () => {
    const response = await upload(12, [
      await part('logo.eps'),
      await part('template.pdf'),
      await part('cutout-alpha.png'),
      { field: CATALOGUE_UPLOAD_FIELD, filename: 'scan-16bit.tif', content: rgb16Tiff(64, 48) },
      { field: CATALOGUE_UPLOAD_FIELD, filename: 'banner.webp', content: await opaqueWebp(40, 30) },
      { field: CATALOGUE_UPLOAD_FIELD, filename: 'opaque-alpha.png', content: await opaqueAlphaPng(40, 30) },
      await part('packshot-cmyk.jpg'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json<UploadAnswer>().assets.map((asset) => asset.assetId);
    expect(response.json<UploadAnswer>().assets.every((asset) => asset.outcome === 'created')).toBe(true);
    const listed = (
      await call(t.app, 'GET', '/api/admin/catalogue/nodes/12/assets', { token: admin.token })
    ).json<AdminContainerAssetsAnswer>();
    const byId = new Map(listed.assets.map((asset) => [asset.id, asset]));
    expect(ids.map((id) => [byId.get(id)?.name.de, byId.get(id)?.files[0]?.mediaType])).toEqual([
      ['logo', 1400],
      ['template', 1500],
      // Really transparent: a cut-out, where the extension made it the web image before.
      ['cutout-alpha', 1300],
      // 16-bit RGB: no print file, whatever ".tif" suggested.
      ['scan-16bit', 1100],
      ['banner', 1100],
      // An alpha channel that hides nothing is no cut-out.
      ['opaque-alpha', 1100],
      // CMYK content: print data, although it is a JPEG.
      ['packshot-cmyk', 1200],
    ]);

    // The asset answer tells what each file really is.
    const facts = async (id: number) =>
      (await call(t.app, 'GET', `/api/asset/${id}`, { token: partner.token })).json<AssetAnswer>().data
        .files[0]!.fileProperties;
    expect(await facts(ids[3]!)).toMatchObject({
      format: 'tiff',
      colourSpace: 'srgb',
      colorspace: 'rgb16',
      bitDepth: 16,
      dpiX: 300,
      width: 64,
      height: 48,
      hasAlpha: false,
      transparent: false,
    });
    expect(await facts(ids[2]!)).toMatchObject({
      format: 'png',
      colourSpace: 'srgb',
      bitDepth: 8,
      hasAlpha: true,
      transparent: true,
    });
    expect(await facts(ids[4]!)).toMatchObject({ format: 'webp', colourSpace: 'srgb', hasAlpha: false });
    expect(await facts(ids[5]!)).toMatchObject({ format: 'png', hasAlpha: true, transparent: false });
    expect(await facts(ids[6]!)).toMatchObject({ format: 'jpeg', colourSpace: 'cmyk', bitDepth: 8 });
    expect(await facts(ids[0]!)).toMatchObject({ format: 'eps', colourSpace: 'cmyk', bitDepth: null });
    expect(await facts(ids[1]!)).toMatchObject({ format: 'pdf', colourSpace: null, pageCount: 1 });

    // The same file name again is another asset: only GS1 names identify an asset.
    const again = await upload(12, [await part('logo.eps')]);
    expect(again.json<UploadAnswer>().assets[0]).toMatchObject({ outcome: 'created' });
    expect(ids).not.toContain(again.json<UploadAnswer>().assets[0]!.assetId);
  });

  describe('refusals', () => {
    it('refuses the whole upload when one file is bad, naming the file and the reason', async () => {
      const before = await assetCount();
      const response = await upload(10, [
        await part('packshot-rgb.jpg', '4006067084218_C4C1_neu.jpg'),
        await part('bad/not-an-image.jpg'),
        await part('bad/pixel-flood.png'),
        await part('bad/zero-bytes.png'),
      ]);
      expectError(response, 422, ErrorCodes.catalogueUploadRefused);
      const fields = response.json<{ error: { fields: { path: string; code: string }[] } }>().error.fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          { path: 'not-an-image.jpg', code: 'media.errors.unsupported' },
          { path: 'pixel-flood.png', code: 'media.errors.tooLarge' },
          { path: 'zero-bytes.png', code: 'media.errors.empty' },
        ]),
      );
      // The good file (no GS1 name: C4 is no facing, so it is named after itself) is not kept either.
      expect(await assetCount()).toBe(before);
      expect(await staged()).toEqual([]);
    });

    it('files a GS1-named PDF as what it is: a template', async () => {
      const response = await upload(10, [await part('template.pdf', `${GTIN}_C7C1.pdf`)]);
      expect(response.statusCode, response.body).toBe(200);
      const { assetId } = response.json<UploadAnswer>().assets[0]!;
      const { asset } = (
        await call(t.app, 'GET', `/api/admin/catalogue/assets/${assetId}`, { token: admin.token })
      ).json<AdminAssetAnswer>();
      expect(asset.files.map((file) => file.mediaType)).toEqual([1500]);
    });

    it('refuses empty uploads, wrong parts, too many files and unknown categories', async () => {
      expectError(await upload(10, []), 400, ErrorCodes.catalogueUploadInvalid);
      expectError(
        await upload(10, [{ ...(await part('logo.eps')), field: 'newFiles' }]),
        400,
        ErrorCodes.catalogueUploadInvalid,
      );
      const many = await Promise.all(Array.from({ length: 21 }, (_, i) => part('logo.eps', `logo-${i}.eps`)));
      expectError(await upload(10, many), 413, ErrorCodes.catalogueTooManyFiles);
      expectError(await upload(4711, [await part('logo.eps')]), 404, ErrorCodes.catalogueNodeNotFound);
      expectError(await upload(10, [await part('logo.eps')], {}, partner.token), 403, ErrorCodes.forbidden);
      expect(await staged()).toEqual([]);
    });
  });
});
