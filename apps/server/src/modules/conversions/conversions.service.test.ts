import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { MediaRejectionCodes, type PresetSettings } from '@mediabox/contract';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { pdfium } from '../media/pdfium.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import type { ConversionKey } from './conversion-requests.js';
import { CONVERSION_JOB, CONVERSION_MAX_ATTEMPTS, ConversionFailures } from './conversions.service.js';

/** The shipped presets (migration 0018) by id. */
const ONLINE_SHOP = 1;
const MARKETPLACE = 2;
const PRINT = 3;
const HOUR = 60 * 60 * 1000;

/**
 * Neighbouring pixels (left and right) that differ by more than 96 grey levels: the hard edges of
 * text and lines, which an enlarged bitmap blurs into several smaller steps.
 */
async function hardEdges(image: Sharp): Promise<number> {
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let y = 0; y < info.height; y += 1) {
    const row = y * info.width * info.channels;
    for (let x = 1; x < info.width; x += 1) {
      if (Math.abs(data[row + x * info.channels]! - data[row + (x - 1) * info.channels]!) > 96) count += 1;
    }
  }
  return count;
}

describeEachDatabase('ConversionsService and the conversions.make job', (dialect) => {
  let t: TestApp;
  const db = () => t.context.database.db;
  const conversions = () => t.context.conversions;

  const conversionRow = (key: ConversionKey) =>
    db()
      .selectFrom('conversions')
      .selectAll()
      .where('source_sha256', '=', key.sourceSha256)
      .where('preset_id', '=', key.presetId)
      .where('preset_version', '=', key.presetVersion)
      .executeTakeFirst();
  const jobRows = () =>
    db().selectFrom('jobs').selectAll().where('name', '=', CONVERSION_JOB).orderBy('id').execute();
  const request = (keys: ConversionKey[]) =>
    db()
      .transaction()
      .execute((trx) => conversions().request(keys, trx));
  /** A source blob with its row, as an import leaves it. */
  const source = async (name: string) =>
    (await t.context.media.ingest(fs.createReadStream(fixture(name)))).blob;
  /** A source stored without the probe (a file that an import would have refused, or an older one). */
  const unprobedSource = async (name: string, mimeType: string) => {
    const blob = await t.context.blobs.put(fs.createReadStream(fixture(name)));
    await t.context.media.storeBlobRow(blob, mimeType);
    return blob;
  };
  /** Every file in the local blob store. */
  const blobFiles = async () =>
    (await fsp.readdir(path.join(t.dataDir, 'blobs'), { recursive: true }))
      .filter((name) => /[0-9a-f]{64}$/.test(name))
      .sort();
  const outputOf = async (blobSha256: string) => fsp.readFile((await t.context.blobs.localPath(blobSha256))!);

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
    await db().deleteFrom('conversions').execute();
  });

  it('asks once: one pending row and one job per new key, however often the key is named', async () => {
    const { sha256 } = await source('packshot-rgb.jpg');
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([key, { ...key }]);
    expect(await conversionRow(key)).toMatchObject({
      status: 'pending',
      blob_sha256: null,
      created_at: t.clock.now(),
      finished_at: null,
    });
    const jobs = await jobRows();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ lane: 'renditions', max_attempts: CONVERSION_MAX_ATTEMPTS });
    expect(JSON.parse(jobs[0]!.payload)).toEqual(key);

    await request([key]);
    expect(await jobRows()).toHaveLength(1);
    expect(await conversions().rowsOf([key, { ...key, presetVersion: 9 }])).toEqual(
      new Map([[`${sha256}/${ONLINE_SHOP}/1`, await conversionRow(key)]]),
    );
  });

  it('asks for nothing when the caller’s transaction rolls back', async () => {
    const { sha256 } = await source('packshot-rgb.jpg');
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    const rollback = new Error('bundle not created');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await conversions().request([key], trx);
          throw rollback;
        }),
    ).rejects.toBe(rollback);
    expect(await conversionRow(key)).toBeUndefined();
    expect(await jobRows()).toEqual([]);
  });

  it('makes the online-shop file once: 1000 × 1000 sRGB JPEG padded white, kept for every later request', async () => {
    const { sha256 } = await source('rotated-exif.jpg'); // displayed 600 × 800
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([key]);
    t.clock.advance(1000);
    expect(await t.runJobs()).toBe(1);

    const row = (await conversionRow(key))!;
    expect(row).toMatchObject({
      status: 'done',
      width: 1000,
      height: 1000,
      colour_space: 'srgb',
      dpi: 72,
      failure: null,
      finished_at: t.clock.now(),
    });
    const blob = await db()
      .selectFrom('blobs')
      .selectAll()
      .where('sha256', '=', row.blob_sha256!)
      .executeTakeFirstOrThrow();
    const output = await outputOf(row.blob_sha256!);
    expect(blob).toMatchObject({ mime_type: 'image/jpeg', size: output.length });
    expect(row).toMatchObject({ size: output.length, crc32: Number(blob.crc32) });
    expect(Number(blob.crc32)).toBe((await import('node:zlib')).crc32(output));

    const metadata = await sharp(output).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1000, height: 1000, space: 'srgb', density: 72 });
    // Upright 750 × 1000 in the middle: white bars left and right, the red "TOP" bar at the top.
    const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    for (const [x, y] of [
      [20, 500],
      [980, 500],
    ] as const) {
      for (const value of at(x, y)) expect(value).toBeGreaterThan(245);
    }
    const top = at(500, 30);
    expect(top[0]).toBeGreaterThan(180);
    expect(top[1]).toBeLessThan(90);

    // Asked again (another bundle, another link): nothing queued, the same file.
    await db().deleteFrom('jobs').execute();
    await request([key]);
    expect(await jobRows()).toEqual([]);
    expect(await t.runJobs()).toBe(0);
    expect(await conversionRow(key)).toEqual(row);
    expect(await conversions().make(key)).toBe('skipped');
    expect(await t.context.blobs.exists(row.blob_sha256!)).toBe(true);
  });

  it('makes a new file for a new version of the preset and keeps the earlier one', async () => {
    const { sha256 } = await source('packshot-rgb.jpg');
    const first = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([first]);
    await t.runJobs();
    const earlier = (await conversionRow(first))!;

    const current = (await t.context.presets.current(ONLINE_SHOP))!;
    const settings: PresetSettings = { ...current.settings, quality: 60, dpi: 96 };
    const changed = await t.context.presets.update(
      { id: null, email: 'admin@nordstern-kaffee.example' },
      ONLINE_SHOP,
      {
        settings,
      },
    );
    const next = { ...first, presetVersion: changed.version };
    expect(next.presetVersion).toBeGreaterThan(1);
    await request([first, next]);
    expect(await jobRows()).toHaveLength(2); // the first request's, and the new version's
    await t.runJobs();

    const made = (await conversionRow(next))!;
    expect(made).toMatchObject({ status: 'done', dpi: 96, width: 1000, height: 1000 });
    expect(made.blob_sha256).not.toBe(earlier.blob_sha256);
    expect(made.size).toBeLessThan(earlier.size!);
    expect(await conversionRow(first)).toEqual(earlier);
    expect(await t.context.blobs.exists(earlier.blob_sha256!)).toBe(true);
    await t.context.presets.update({ id: null, email: 'admin@nordstern-kaffee.example' }, ONLINE_SHOP, {
      settings: current.settings,
    });
  });

  it('makes the print preset’s 300 dpi CMYK TIFF', async () => {
    const { sha256 } = await source('packshot-rgb.jpg'); // 1200 × 1200, never enlarged for print
    const key = { sourceSha256: sha256, presetId: PRINT, presetVersion: 1 };
    await request([key]);
    await t.runJobs();
    const row = (await conversionRow(key))!;
    expect(row).toMatchObject({ status: 'done', width: 1200, height: 1200, colour_space: 'cmyk', dpi: 300 });
    const blob = await db()
      .selectFrom('blobs')
      .select('mime_type')
      .where('sha256', '=', row.blob_sha256!)
      .executeTakeFirstOrThrow();
    expect(blob.mime_type).toBe('image/tiff');
    const metadata = await sharp(await outputOf(row.blob_sha256!)).metadata();
    expect(metadata).toMatchObject({ format: 'tiff', space: 'cmyk', channels: 4, density: 300, width: 1200 });
  });

  it('converts page 1 of a PDF for the marketplace from a render at 2000 px, not an enlarged preview', async () => {
    const { sha256 } = await source('template.pdf'); // A4
    const key = { sourceSha256: sha256, presetId: MARKETPLACE, presetVersion: 1 };
    await request([key]);
    await t.runJobs();
    const row = (await conversionRow(key))!;
    expect(row).toMatchObject({ status: 'done', width: 2000, height: 2000, colour_space: 'srgb' });
    // The page (1413 × 2000 in the middle) is sharper than the previews' 150 dpi render (1754 px
    // high) enlarged to the same size: it has far more hard edges.
    const made = sharp(await outputOf(row.blob_sha256!)).extract({
      left: 294,
      top: 0,
      width: 1413,
      height: 2000,
    });
    const preview = await pdfium.renderFirstPage(fixture('template.pdf'));
    const enlarged = sharp(Buffer.from(preview.data), {
      raw: { width: preview.width, height: preview.height, channels: 4 },
    }).resize(1413, 2000, { fit: 'fill' });
    // Measured: 12,930 against 4,987 (and 5,076 when the conversion still enlarged the preview render).
    expect(await hardEdges(made)).toBeGreaterThan((await hardEdges(enlarged)) * 2);
  });

  it('marks a pixel flood and a damaged source failed with their refusal codes, once, without a crash', async () => {
    const flood = await unprobedSource('bad/pixel-flood.png', 'image/png');
    const truncated = await unprobedSource('bad/truncated.jpg', 'image/jpeg');
    const floodKey = { sourceSha256: flood.sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    const truncatedKey = { sourceSha256: truncated.sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([floodKey, truncatedKey]);
    await t.runJobs();
    expect(await conversionRow(floodKey)).toMatchObject({
      status: 'failed',
      failure: MediaRejectionCodes.tooLarge,
      blob_sha256: null,
      finished_at: t.clock.now(),
    });
    expect(await conversionRow(truncatedKey)).toMatchObject({
      status: 'failed',
      failure: MediaRejectionCodes.damaged,
    });
    // Not retried: the jobs are done, and asking again changes nothing.
    expect((await jobRows()).map((job) => [job.done_at !== null, job.attempts])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    await db().deleteFrom('jobs').execute();
    await request([floodKey]);
    expect(await jobRows()).toEqual([]);
  });

  it('stores nothing when the row went while the file was being made (its source deleted meanwhile)', async () => {
    const { sha256 } = await source('cutout-alpha.png');
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([key]);
    const blobsBefore = await db().selectFrom('blobs').select('sha256').execute();
    const filesBefore = await blobFiles();
    // The render budget is taken (a large render), so the conversion waits for room after its checks.
    let release!: () => void;
    const occupied = t.context.media.renderBudget.run(t.context.media.renderBudget.totalBytes, () => {
      return new Promise<void>((resolve) => (release = resolve));
    });
    const making = conversions().make(key);
    while (t.context.media.renderBudget.bytesInUse === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await db().deleteFrom('conversions').execute();
    release();
    await occupied;
    expect(await making).toBe('skipped');
    expect(await db().selectFrom('blobs').select('sha256').execute()).toEqual(blobsBefore);
    expect(await blobFiles()).toEqual(filesBefore);
  });

  it('retries our own trouble (source blob missing) and marks the row failed when the job gives up', async () => {
    const key = { sourceSha256: 'ab'.repeat(32), presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([key]);
    for (let attempt = 1; attempt <= CONVERSION_MAX_ATTEMPTS; attempt += 1) {
      expect(await conversionRow(key)).toMatchObject({ status: 'pending' });
      await t.runJobs();
      t.clock.advance(2 * HOUR);
    }
    const [job] = await jobRows();
    expect(job).toMatchObject({ attempts: CONVERSION_MAX_ATTEMPTS });
    expect(job!.failed_at).not.toBeNull();
    expect(await conversionRow(key)).toMatchObject({ status: 'failed', failure: ConversionFailures.gaveUp });
  });

  it('makes the file when an administrator runs the given-up job again, once the trouble is gone', async () => {
    const { sha256 } = await source('rotated-exif.jpg');
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    // Our own trouble: the source's blob file is gone while the job tries.
    const blobPath = (await t.context.blobs.localPath(sha256))!;
    await fsp.rename(blobPath, `${blobPath}.away`);
    await request([key]);
    for (let attempt = 1; attempt <= CONVERSION_MAX_ATTEMPTS; attempt += 1) {
      await t.runJobs();
      t.clock.advance(2 * HOUR);
    }
    expect(await conversionRow(key)).toMatchObject({ status: 'failed', failure: ConversionFailures.gaveUp });

    await fsp.rename(`${blobPath}.away`, blobPath);
    const [job] = await jobRows();
    expect((await t.context.jobs.retryFailed(job!.id)).outcome).toBe('retried');
    expect(await t.runJobs()).toBe(1);
    expect(await conversionRow(key)).toMatchObject({ status: 'done', failure: null, width: 1000 });
  });

  it('leaves a source the engine refused failed when its job is run again', async () => {
    const { sha256 } = await unprobedSource('bad/pixel-flood.png', 'image/png');
    const key = { sourceSha256: sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await request([key]);
    await t.runJobs();
    const failed = await conversionRow(key);
    expect(failed?.status).toBe('failed');
    expect(failed?.failure).not.toBe(ConversionFailures.gaveUp);
    expect(await conversions().make(key)).toBe('skipped');
    expect(await conversionRow(key)).toEqual(failed);
  });
});
