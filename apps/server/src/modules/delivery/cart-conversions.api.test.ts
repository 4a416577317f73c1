import fsp from 'node:fs/promises';
import {
  ErrorCodes,
  type BundleProgress,
  type CartAnswer,
  type CartPresetChoice,
  type MessagesAnswer,
  type Preset,
  type PresetSettings,
  type ShareContentsAnswer,
} from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { accountInState, mintSession } from '../../test/principals.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { seedAsset, seedNodes, storeBlob, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import { zipEntries } from './testing/zip-entries.js';
import { formatBytes } from './cart.mails.js';

/** The shipped online shop preset (migration 0018): 1000 × 1000 px padded on white, JPEG, upscaling allowed. */
const SHOP = 1;
const GTIN = '04006067084218';

const strictSettings: PresetSettings = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: false,
  refuseUpscaling: true,
  colourSpace: 'srgb',
  dpi: 72,
  quality: 80,
  maxBytes: null,
  fileSuffix: '_strict',
};

describeEachDatabase('presets in the cart and bundles of converted files (issue 21.2–21.4)', (dialect) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signInAs>>;
  let root: Awaited<ReturnType<typeof signInAs>>;
  const assets = {} as Record<'small' | 'cmyk' | 'cutout' | 'video' | 'damaged' | 'changing', SeededAsset>;

  const put = (body: unknown, token = alice.token) => call(t.app, 'PUT', '/api/cart/', { token, body });
  const del = (body: unknown, token = alice.token) => call(t.app, 'DELETE', '/api/cart/', { token, body });
  const cart = async () =>
    (await call(t.app, 'GET', '/api/cart/', { token: alice.token })).json<CartAnswer>();
  const choicesOf = async (assetId: number): Promise<CartPresetChoice[] | undefined> =>
    (await cart()).cartItems.find((item) => item.id === assetId)?.presets;
  const createPreset = async (settings: PresetSettings) => {
    const response = await call(t.app, 'POST', '/api/admin/presets', {
      token: root.token,
      body: { name: { de: 'Streng', en: 'Strict', fr: 'Strict' }, settings },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ preset: Preset }>().preset;
  };
  const makeBundle = async () => {
    const response = await call(t.app, 'GET', '/api/cart/download', { token: alice.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ filename: string }>().filename;
  };
  const progressOf = async (filename: string) =>
    (await call(t.app, 'GET', `/api/download/${filename}/progress`)).json<BundleProgress>();
  const zipOf = (filename: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', `/api/download/${filename}`, { headers });
  const jobCount = async () =>
    Number(
      (
        await t.context.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('name', '=', 'conversions.make')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [alice, root] = await Promise.all([signInAs(t, 'registered'), signInAs(t, 'super')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    const small = await sharp({
      create: { width: 800, height: 800, channels: 3, background: { r: 120, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const picture = (bytes: Buffer, fileName: string, mimeType: string, facts: object) => ({
      mediaType: 1100,
      bytes,
      fileName,
      mimeType,
      ...facts,
    });
    assets.small = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Crema klein',
      gtin: GTIN,
      imageCategory: 1,
      files: [
        picture(small, 'crema.jpg', 'image/jpeg', {
          width: 800,
          height: 800,
          colorspace: 'srgb',
          renditions: true,
        }),
      ],
    });
    assets.cmyk = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Crema CMYK',
      files: [
        picture(await fsp.readFile(fixture('packshot-cmyk.jpg')), 'cmyk.jpg', 'image/jpeg', {
          width: 1200,
          height: 1200,
          colorspace: 'cmyk',
        }),
      ],
    });
    assets.cutout = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Freisteller',
      files: [
        picture(await fsp.readFile(fixture('cutout-alpha.png')), 'cutout.png', 'image/png', {
          width: 1200,
          height: 1200,
          colorspace: 'srgb',
          hasAlpha: true,
          transparent: true,
        }),
      ],
    });
    assets.video = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Film',
      files: [picture(Buffer.from('mp4'), 'film.mp4', 'video/mp4', {})],
    });
    // Its stored facts look fine; its bytes are no picture: the conversion fails.
    assets.damaged = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Kaputt',
      files: [
        picture(Buffer.from('no jpeg at all'), 'kaputt.jpg', 'image/jpeg', {
          width: 1200,
          height: 1200,
          colorspace: 'srgb',
        }),
      ],
    });
    assets.changing = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Wechsel',
      files: [picture(small, 'wechsel.jpg', 'image/jpeg', { width: 800, height: 800, colorspace: 'srgb' })],
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await call(t.app, 'POST', '/api/cart/clear', { token: alice.token });
  });

  describe('choosing presets', () => {
    it('adds and removes a preset per item and for many; the entries stay, without an original format', async () => {
      expect((await put({ assetId: assets.small.id, preset: SHOP })).statusCode).toBe(200);
      const added = await put({
        assetIds: [assets.cmyk.id, assets.cutout.id, assets.video.id],
        preset: SHOP,
      });
      // No picture to start from: left out like an asset lacking a format.
      expect(added.json()).toMatchObject({ count: 3, skipped: [assets.video.id] });
      const answer = await cart();
      expect(
        answer.cartItems.map((item) => [item.id, item.files, item.presets.map((p) => p.presetId)]),
      ).toEqual([
        [assets.small.id, [], [SHOP]],
        [assets.cmyk.id, [], [SHOP]],
        [assets.cutout.id, [], [SHOP]],
      ]);
      // Adding again changes nothing.
      await put({ assetId: assets.small.id, preset: SHOP });
      expect(await choicesOf(assets.small.id)).toHaveLength(1);

      expect((await del({ assetId: assets.small.id, preset: SHOP })).statusCode).toBe(200);
      expect(await choicesOf(assets.small.id)).toEqual([]);
      await del({ assetIds: [assets.cmyk.id, assets.cutout.id], preset: SHOP });
      const after = await cart();
      expect(after.cartItems.map((item) => [item.id, item.presets])).toEqual([
        [assets.small.id, []],
        [assets.cmyk.id, []],
        [assets.cutout.id, []],
      ]);
      expectError(await put({ assetId: assets.video.id, preset: SHOP }), 400, ErrorCodes.cartFormatMissing);
    });

    it('refuses unknown and retired presets with 404 and changes nothing; a retired choice is named and can be removed', async () => {
      await put({ assetId: assets.small.id, format: 1100 });
      const before = await cart();
      expectError(await put({ assetId: assets.small.id, preset: 9999 }), 404, ErrorCodes.cartPresetNotFound);
      expectError(
        await put({ assetIds: [assets.cmyk.id], preset: 9999 }),
        404,
        ErrorCodes.cartPresetNotFound,
      );
      expectError(await del({ assetId: assets.small.id, preset: 9999 }), 404, ErrorCodes.cartPresetNotFound);
      const strict = await createPreset({ ...strictSettings, fileSuffix: '_retired' });
      await put({ assetId: assets.small.id, preset: strict.id });
      expect((await choicesOf(assets.small.id))?.map((choice) => choice.presetId)).toEqual([strict.id]);
      const retire = await call(t.app, 'POST', `/api/admin/presets/${strict.id}/retire`, {
        token: root.token,
      });
      expect(retire.statusCode, retire.body).toBe(200);
      // The choice stays but delivers nothing, and the cart names it, so nobody misses it unawares.
      const retiredItem = (await cart()).cartItems.find((item) => item.id === assets.small.id)!;
      expect(retiredItem.presets).toEqual([]);
      expect(retiredItem.retiredPresets).toEqual([
        { presetId: strict.id, name: { de: 'Streng', en: 'Strict', fr: 'Strict' } },
      ]);
      const bundle = await makeBundle();
      await t.runJobs();
      expect((await zipEntries((await zipOf(bundle)).rawPayload)).map((entry) => entry.name)).toEqual([
        expect.stringMatching(/\.jpg$/),
      ]);
      expectError(
        await put({ assetId: assets.cmyk.id, preset: strict.id }),
        404,
        ErrorCodes.cartPresetNotFound,
      );
      // The user removes the retired choice: the cart is as before.
      const removed = await del({ assetId: assets.small.id, preset: strict.id });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await cart()).toEqual(before);
    });

    it('is for signed-in, approved users only', async () => {
      expectError(
        await call(t.app, 'PUT', '/api/cart/', { body: { assetId: assets.small.id, preset: SHOP } }),
        401,
        ErrorCodes.unauthorized,
      );
      const waiting = await mintSession(t, await accountInState(t, 'waitingApproval'));
      const refused = await put({ assetId: assets.small.id, preset: SHOP }, waiting);
      expect([401, 403]).toContain(refused.statusCode);
      const rows = await t.context.database.db.selectFrom('cart_presets').selectAll().execute();
      expect(rows).toEqual([]);
    });
  });

  describe('verdicts', () => {
    it('judges each choice before anything is made: upscaled, colour converted, transparency flattened', async () => {
      await put({ assetIds: [assets.small.id, assets.cmyk.id, assets.cutout.id], preset: SHOP });
      const [small] = (await choicesOf(assets.small.id))!;
      expect(small).toMatchObject({
        presetId: SHOP,
        version: 1,
        sourceFileId: assets.small.fileIds[0],
        output: { format: 'jpeg', width: 1000, height: 1000, colourSpace: 'srgb', dpi: 72 },
        verdicts: [
          {
            kind: 'upscaled',
            source: { width: 800, height: 800 },
            needed: { width: 1000, height: 1000 },
            enlarged: true,
          },
        ],
        refused: false,
      });
      expect(small!.fileName).toMatch(new RegExp(`^${GTIN}_[A-Z0-9]+_s01_v01_shop\\.jpg$`));
      expect((await choicesOf(assets.cmyk.id))![0]!.verdicts).toEqual([
        { kind: 'colourConverted', from: 'cmyk', to: 'srgb' },
      ]);
      expect((await choicesOf(assets.cutout.id))![0]!.verdicts).toEqual([
        { kind: 'alphaFlattened', background: '#ffffff' },
      ]);
    });

    it('leaves out of the bundle what a preset refusing upscaling refuses', async () => {
      const strict = await createPreset(strictSettings);
      await put({ assetIds: [assets.small.id, assets.cmyk.id], preset: strict.id });
      expect((await choicesOf(assets.small.id))![0]).toMatchObject({ refused: true });
      expect((await choicesOf(assets.cmyk.id))![0]).toMatchObject({ refused: false });
      const filename = await makeBundle();
      const contents = (
        await call(t.app, 'GET', `/api/download/${filename}/contents`)
      ).json<ShareContentsAnswer>();
      expect(contents.files.map((file) => file.name)).toEqual(['Crema CMYK_strict.jpg']);
      // Nothing but refused choices: no files.
      await call(t.app, 'POST', '/api/cart/clear', { token: alice.token });
      await put({ assetId: assets.small.id, preset: strict.id });
      expectError(
        await call(t.app, 'GET', '/api/cart/download', { token: alice.token }),
        400,
        ErrorCodes.cartNoFiles,
      );
    });
  });

  describe('bundles with conversions', () => {
    it('are prepared, then deliver the converted file in the zip, made once and kept per preset version', async () => {
      await put({ assetId: assets.small.id, format: 1100 });
      await put({ assetId: assets.small.id, preset: SHOP });
      const shopName = (await choicesOf(assets.small.id))![0]!.fileName;
      const jobsBefore = await jobCount();
      const filename = await makeBundle();
      expect(await jobCount()).toBe(jobsBefore + 1);

      expect(await progressOf(filename)).toEqual({ done: 1, total: 2, failed: 0, ready: false });
      expectError(await zipOf(filename), 409, ErrorCodes.bundlePreparing);
      const preparing = (
        await call(t.app, 'GET', `/api/download/${filename}/contents`)
      ).json<ShareContentsAnswer>();
      expect(preparing.zip.size).toBe(0);
      expect(preparing.progress.ready).toBe(false);
      const converted = preparing.files.find((file) => file.name === shopName)!;
      expect(converted).toMatchObject({ status: 'preparing', size: 0, failure: null });
      expect(converted.preset?.en).toContain('Online shop');
      expectError(
        await call(t.app, 'GET', `/api/download/${filename}/file/${converted.position}`),
        409,
        ErrorCodes.bundlePreparing,
      );

      await t.runJobs();
      expect(await progressOf(filename)).toEqual({ done: 2, total: 2, failed: 0, ready: true });
      const zip = await zipOf(filename);
      expect(zip.statusCode, zip.body).toBe(200);
      expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
      const entries = await zipEntries(zip.rawPayload);
      expect(entries.map((entry) => entry.name)).toEqual([
        `${GTIN}_${shopName.split('_')[1]}_s01_v01.jpg`,
        shopName,
      ]);
      const made = entries[1]!.bytes;
      expect(await sharp(made).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
      const ready = (
        await call(t.app, 'GET', `/api/download/${filename}/contents`)
      ).json<ShareContentsAnswer>();
      expect(ready.zip.size).toBe(zip.rawPayload.length);
      expect(ready.files[1]).toMatchObject({
        status: 'available',
        size: made.length,
        width: 1000,
        height: 1000,
      });
      const downloads = (await call(t.app, 'GET', '/api/downloads/', { token: alice.token })).json<{
        downloads: { filename: string; filesize: number }[];
      }>();
      const listed = downloads.downloads.find((download) => download.filename === filename)!;
      expect(listed.filesize).toBe(entries[0]!.bytes.length + made.length);

      // Resumable, byte-exact.
      const cut = Math.floor(zip.rawPayload.length / 2);
      const rest = await zipOf(filename, { range: `bytes=${cut}-` });
      expect(rest.statusCode).toBe(206);
      expect(rest.rawPayload.equals(zip.rawPayload.subarray(cut))).toBe(true);

      // A second bundle of the same cart reuses the made file: no new job, the same bytes.
      const second = await makeBundle();
      expect(await jobCount()).toBe(jobsBefore + 1);
      expect(await progressOf(second)).toMatchObject({ ready: true });
      const secondEntries = await zipEntries((await zipOf(second)).rawPayload);
      expect(secondEntries[1]!.bytes.equals(made)).toBe(true);

      // A new version of the preset's settings leaves the first bundle's file as it was.
      const shop = (await call(t.app, 'GET', '/api/presets', { token: alice.token }))
        .json<{
          presets: Preset[];
        }>()
        .presets.find((preset) => preset.id === SHOP)!;
      const patched = await call(t.app, 'PATCH', `/api/admin/presets/${SHOP}`, {
        token: root.token,
        body: { settings: { ...shop.settings, size: { ...shop.settings.size, width: 900, height: 900 } } },
      });
      expect(patched.json<{ preset: Preset }>().preset.version).toBe(2);
      expect((await choicesOf(assets.small.id))![0]).toMatchObject({ version: 2, output: { width: 900 } });
      const again = await zipOf(filename);
      expect(again.rawPayload.equals(zip.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(zip.headers.etag);
      await call(t.app, 'PATCH', `/api/admin/presets/${SHOP}`, {
        token: root.token,
        body: { settings: shop.settings },
      });
    });

    it('lists each conversion as a row of the spreadsheet, with its planned pixels, colour space and dpi', async () => {
      await put({ assetId: assets.cmyk.id, format: 1100 });
      await put({ assetId: assets.cmyk.id, preset: SHOP });
      const response = await call(t.app, 'GET', '/api/cart/list', { token: alice.token });
      expect(response.statusCode).toBe(200);
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows).toHaveLength(3);
      // Name, GTIN, category, version, variant, media type, file, format, pixels, colour space, dpi, size.
      expect(rows[2]!.slice(6, 11)).toEqual(['Crema CMYK_shop.jpg', 'JPEG', '1000 × 1000', 'sRGB', 72]);
    });

    it('sends the converted files’ names in the mail and the messages list', async () => {
      await put({ assetId: assets.cmyk.id, preset: SHOP });
      const sent = await call(t.app, 'POST', '/api/cart/send', {
        token: alice.token,
        body: { form: { email: 'kunde@example.org', text: '', copyCheckbox: false }, lang: 'de' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await t.runJobs();
      const mail = (await t.mails()).at(-1)!;
      expect(mail.text).toContain('Crema CMYK_shop.jpg');
      // Sent before the file was made: no size rather than a wrong one.
      expect(mail.text).toContain('1 Artikel:');
      expect(mail.text).not.toMatch(/\b0 B\b/);
      const messages = (await call(t.app, 'GET', '/api/messages/', { token: alice.token })).json<{
        messages: { filename: string; items: { files: { filename: string }[] }[] }[];
      }>().messages;
      const message = messages.find(
        (candidate) => candidate.filename === sent.json<{ filename: string }>().filename,
      )!;
      expect(message.items[0]!.files.map((file) => file.filename)).toEqual(['Crema CMYK_shop.jpg']);

      // Sent again once the file is made (the jobs above made it): the mail names its real size.
      const again = await call(t.app, 'POST', '/api/cart/send', {
        token: alice.token,
        body: { form: { email: 'kunde@example.org', text: '', copyCheckbox: false }, lang: 'de' },
      });
      expect(again.statusCode, again.body).toBe(200);
      await t.runJobs();
      const sentAgain = (await call(t.app, 'GET', '/api/messages/', { token: alice.token }))
        .json<MessagesAnswer>()
        .messages.find((candidate) => candidate.filename === again.json<{ filename: string }>().filename)!;
      expect(sentAgain.filesize).toBeGreaterThan(0);
      expect((await t.mails()).at(-1)!.text).toContain(
        `1 Artikel, ${formatBytes(sentAgain.filesize, 'de')}:`,
      );
    });

    it('marks a conversion that failed with its reason and leaves it out; the rest downloads', async () => {
      await put({ assetId: assets.cmyk.id, format: 1100 });
      await put({ assetId: assets.damaged.id, preset: SHOP });
      const filename = await makeBundle();
      await t.runJobs();
      expect(await progressOf(filename)).toEqual({ done: 2, total: 2, failed: 1, ready: true });
      const contents = (
        await call(t.app, 'GET', `/api/download/${filename}/contents`)
      ).json<ShareContentsAnswer>();
      const failed = contents.files[1]!;
      expect(failed).toMatchObject({ name: 'Kaputt_shop.jpg', status: 'failed', size: 0, url: null });
      expect(failed.failure).toEqual(expect.any(String));
      expectError(
        await call(t.app, 'GET', `/api/download/${filename}/file/${failed.position}`),
        404,
        ErrorCodes.notFound,
      );
      const zip = await zipOf(filename);
      expect(zip.statusCode).toBe(200);
      expect((await zipEntries(zip.rawPayload)).map((entry) => entry.name)).toEqual(['Crema CMYK.jpg']);
      expect(contents.zip.size).toBe(zip.rawPayload.length);
    });

    it('converts the new version of a source replaced since, under the same name', async () => {
      await put({ assetId: assets.changing.id, preset: SHOP });
      const filename = await makeBundle();
      await t.runJobs();
      const before = await zipOf(filename);
      const [old] = await zipEntries(before.rawPayload);

      // A super user replaces the picture: the old file retired, a new current version.
      const db = t.context.database.db;
      const bytes = await sharp({
        create: { width: 1200, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer();
      const sha256 = await storeBlob(t, bytes, 'image/jpeg');
      await db
        .updateTable('asset_files')
        .set({ is_current: 0 })
        .where('asset_id', '=', assets.changing.id)
        .execute();
      await db
        .insertInto('asset_files')
        .values({
          asset_id: assets.changing.id,
          media_type: 1100,
          blob_sha256: sha256,
          file_name: 'neu.jpg',
          mime_type: 'image/jpeg',
          width: 1200,
          height: 600,
          dpi_x: null,
          colorspace: 'srgb',
          page_count: null,
          version: 2,
          is_current: 1,
          created_at: t.clock.now(),
        })
        .execute();

      // Asked for when the bundle is opened, made in the renditions lane like the first one.
      expect(await progressOf(filename)).toEqual({ done: 0, total: 1, failed: 0, ready: false });
      expectError(await zipOf(filename), 409, ErrorCodes.bundlePreparing);
      await t.runJobs();
      const contents = (
        await call(t.app, 'GET', `/api/download/${filename}/contents`)
      ).json<ShareContentsAnswer>();
      expect(contents.files[0]).toMatchObject({
        name: old!.name,
        status: 'replaced',
        width: 1000,
        height: 1000,
      });
      const after = await zipOf(filename);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const [made] = await zipEntries(after.rawPayload);
      expect(made!.name).toBe(old!.name);
      expect(made!.bytes.equals(old!.bytes)).toBe(false);
      expect(await sharp(made!.bytes).metadata()).toMatchObject({ width: 1000, height: 1000 });
    });
  });
});
