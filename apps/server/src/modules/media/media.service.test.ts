import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { documentedSha256s, fixture } from '../../test/media-fixtures.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { MediaRejectedError } from './media-types.js';
import { RENDITIONS_JOB } from './media.service.js';

describeEachDatabase('MediaService and the media.renditions job', (dialect) => {
  let t: TestApp;
  const db = () => t.context.database.db;
  const media = () => t.context.media;
  const sha = documentedSha256s();

  const renditionRows = (source: string) =>
    db().selectFrom('renditions').selectAll().where('source_sha256', '=', source).orderBy('kind').execute();
  const blobRow = (id: string) =>
    db().selectFrom('blobs').selectAll().where('sha256', '=', id).executeTakeFirst();
  const jobRows = () =>
    db().selectFrom('jobs').selectAll().where('name', '=', RENDITIONS_JOB).orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
  });

  it('ingests a fixture: original stored unchanged, blob row with size, CRC-32 and detected type', async () => {
    const { blob, info } = await media().ingest(fs.createReadStream(fixture('packshot-cmyk.tif')));
    const original = await fsp.readFile(fixture('packshot-cmyk.tif'));
    expect(blob.sha256).toBe(sha.get('packshot-cmyk.tif'));
    expect(info).toMatchObject({ mimeType: 'image/tiff', colorspace: 'cmyk', dpiX: 300 });
    expect(await blobRow(blob.sha256)).toMatchObject({
      size: original.length,
      crc32: zlib.crc32(original),
      mime_type: 'image/tiff',
      created_at: t.clock.now(),
    });
    expect(await fsp.readFile((await t.context.blobs.localPath(blob.sha256))!)).toEqual(original);
  });

  it('refuses a bad file on ingest and keeps neither blob file nor row', async () => {
    const err = await media()
      .ingest(fs.createReadStream(fixture('bad/truncated.jpg')))
      .catch((error: unknown) => error);
    expect(err).toBeInstanceOf(MediaRejectedError);
    expect((err as MediaRejectedError).code).toBe('media.errors.damaged');
    const id = sha.get('bad/truncated.jpg')!;
    expect(await t.context.blobs.exists(id)).toBe(false);
    expect(await blobRow(id)).toBeUndefined();
  });

  it('renders thumb and preview once, and a second run changes nothing', async () => {
    const { blob } = await media().ingest(fs.createReadStream(fixture('rotated-exif.jpg')));
    await media().enqueueRenditions(blob.sha256);
    expect(await t.runJobs()).toBe(1);

    const rows = await renditionRows(blob.sha256);
    expect(rows.map((row) => [row.kind, row.width, row.height])).toEqual([
      ['preview', 600, 800],
      ['thumb', 300, 400],
    ]);
    for (const row of rows) {
      expect(await t.context.blobs.exists(row.blob_sha256)).toBe(true);
      expect(await blobRow(row.blob_sha256)).toMatchObject({ mime_type: 'image/jpeg' });
    }
    const map = await media().renditionsOf([blob.sha256, 'f'.repeat(64)]);
    expect(map.get(blob.sha256)).toEqual({
      thumb: { sha256: rows[1]!.blob_sha256, width: 300, height: 400 },
      preview: { sha256: rows[0]!.blob_sha256, width: 600, height: 800 },
    });
    expect(map.has('f'.repeat(64))).toBe(false);

    // Queued again (a re-import, or a job that ran twice after a crash): skipped, nothing new.
    const blobsBefore = await db().selectFrom('blobs').selectAll().orderBy('sha256').execute();
    t.clock.advance(60_000);
    await media().enqueueRenditions(blob.sha256);
    expect(await t.runJobs()).toBe(1);
    expect(await media().generateRenditions(blob.sha256)).toBe('skipped');
    expect(await renditionRows(blob.sha256)).toEqual(rows);
    expect(await db().selectFrom('blobs').selectAll().orderBy('sha256').execute()).toEqual(blobsBefore);
    expect((await jobRows()).every((job) => job.done_at !== null && job.failed_at === null)).toBe(true);
  });

  it('completes a half-finished run: the missing rendition is added, the existing one kept', async () => {
    const { blob } = await media().ingest(fs.createReadStream(fixture('cutout-alpha.png')));
    expect(await media().generateRenditions(blob.sha256)).toBe('rendered');
    const [preview, thumb] = await renditionRows(blob.sha256);
    await db()
      .deleteFrom('renditions')
      .where('source_sha256', '=', blob.sha256)
      .where('kind', '=', 'thumb')
      .execute();

    t.clock.advance(60_000);
    await media().enqueueRenditions(blob.sha256);
    await t.runJobs();
    // The same pixels give the same JPEG bytes, so the restored thumb is the same blob.
    expect(await renditionRows(blob.sha256)).toEqual([preview, { ...thumb, created_at: t.clock.now() }]);
  });

  it('writes the source blob row itself when only the file was stored', async () => {
    const stored = await t.context.blobs.put(fs.createReadStream(fixture('template.pdf')));
    expect(await blobRow(stored.sha256)).toBeUndefined();
    await media().enqueueRenditions(stored.sha256);
    await t.runJobs();
    expect(await blobRow(stored.sha256)).toMatchObject({
      size: stored.size,
      crc32: stored.crc32,
      mime_type: 'application/pdf',
    });
    const rows = await renditionRows(stored.sha256);
    expect(rows.map((row) => [row.kind, row.width, row.height])).toEqual([
      ['preview', 1131, 1600],
      ['thumb', 283, 400],
    ]);
  });

  it('renders many sources at once, the same source twice included, and refuses a damaged one among them', async () => {
    const names = [
      'packshot-rgb.jpg',
      'packshot-cmyk.jpg',
      'packshot-cmyk.tif',
      'gs1/04006067084218_C2C1.jpg',
    ];
    const sources: string[] = [];
    for (const name of names) {
      sources.push((await media().ingest(fs.createReadStream(fixture(name)))).blob.sha256);
    }
    const damaged = await t.context.blobs.put(fs.createReadStream(fixture('bad/truncated.jpg')));
    // All at once, as the lane's workers call it: each source once, the first one a second time
    // (two workers on the same job after a retry), and a damaged one.
    const calls = [...sources, sources[0]!, damaged.sha256];
    const outcomes = await Promise.all(calls.map((sha256) => media().generateRenditions(sha256)));
    expect(outcomes.slice(0, names.length)).toEqual(names.map(() => 'rendered'));
    expect(['rendered', 'skipped']).toContain(outcomes[names.length]);
    expect(outcomes.at(-1)).toBe('rejected');
    for (const sha256 of sources) {
      const rows = await renditionRows(sha256);
      expect(rows.map((row) => row.kind)).toEqual(['preview', 'thumb']);
      expect(Math.max(rows[0]!.width, rows[0]!.height)).toBe(sha256 === sources[3] ? 900 : 1200);
    }
    expect(await renditionRows(damaged.sha256)).toEqual([]);
  });

  it('enqueues inside a transaction: rolled back, no job', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await media().enqueueRenditions(sha.get('logo.eps')!, trx);
        throw new Error('import failed');
      })
      .catch(() => undefined);
    expect(await jobRows()).toEqual([]);
  });

  it('finishes (without retrying) when the stored source turns out to be damaged', async () => {
    const stored = await t.context.blobs.put(fs.createReadStream(fixture('bad/truncated.jpg')));
    await media().enqueueRenditions(stored.sha256);
    expect(await t.runJobs()).toBe(1);
    const [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 1, failed_at: null });
    expect(job!.done_at).not.toBeNull();
    expect(await renditionRows(stored.sha256)).toEqual([]);
  });

  it('retries and finally fails visibly when the blob is missing', async () => {
    await media().enqueueRenditions('0'.repeat(64));
    await t.runJobs();
    const [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
    expect(job!.last_error).toContain('not in the blob store');
  });
});
