import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { BundleRepository } from '../delivery/bundle.repository.js';
import type { ConversionKey } from './conversion-requests.js';

const ONLINE_SHOP = 1;

/** Blob cleanup (BundleRepository.deleteUnreferencedBlobs) and converted files (issue 21.4). */
describeEachDatabase('Converted files when their source blob goes', (dialect) => {
  let t: TestApp;
  const db = () => t.context.database.db;
  const cleanup = (candidates: string[]) => new BundleRepository(db()).deleteUnreferencedBlobs(candidates);
  const blobRowExists = async (sha256: string) =>
    (await db().selectFrom('blobs').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) !==
    undefined;
  const conversionRows = (source: string) =>
    db().selectFrom('conversions').selectAll().where('source_sha256', '=', source).execute();

  /** A source as an import leaves it (no asset file here: nothing names it), with its conversion made. */
  async function convertedSource(data: Buffer): Promise<{ source: string; made: string }> {
    const { blob } = await t.context.media.ingest(data);
    const key: ConversionKey = { sourceSha256: blob.sha256, presetId: ONLINE_SHOP, presetVersion: 1 };
    await db()
      .transaction()
      .execute((trx) => t.context.conversions.request([key], trx));
    await t.runJobs();
    const [row] = await conversionRows(blob.sha256);
    expect(row).toMatchObject({ status: 'done' });
    return { source: blob.sha256, made: row!.blob_sha256! };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
  });

  it('removes the conversions and their made files with an unreferenced source, beside its renditions', async () => {
    const { blob } = await t.context.media.ingest(fs.createReadStream(fixture('packshot-rgb.jpg')));
    await t.context.media.enqueueRenditions(blob.sha256);
    const { made } = await convertedSource(fs.readFileSync(fixture('packshot-rgb.jpg')));
    const renditions = (await t.context.media.renditionsOf([blob.sha256])).get(blob.sha256)!;

    const gone = await cleanup([blob.sha256]);
    expect(new Set(gone)).toEqual(
      new Set([blob.sha256, made, renditions.thumb!.sha256, renditions.preview!.sha256]),
    );
    expect(await conversionRows(blob.sha256)).toEqual([]);
    for (const hash of gone) expect(await blobRowExists(hash)).toBe(false);
  });

  it('keeps a made file that another source’s conversion also is (the same pixels in another file)', async () => {
    // One picture, two files: PNGs of different compression decode to the same pixels.
    const pixels = sharp(fixture('packshot-rgb.jpg')).resize(400, 300, { fit: 'fill' });
    const first = await convertedSource(await pixels.clone().png({ compressionLevel: 1 }).toBuffer());
    const second = await convertedSource(await pixels.clone().png({ compressionLevel: 9 }).toBuffer());
    expect(first.source).not.toBe(second.source);
    expect(first.made).toBe(second.made);

    expect(await cleanup([first.source])).toEqual([first.source]);
    expect(await conversionRows(first.source)).toEqual([]);
    expect(await conversionRows(second.source)).toHaveLength(1);
    expect(await blobRowExists(first.made)).toBe(true);

    expect(new Set(await cleanup([second.source]))).toEqual(new Set([second.source, second.made]));
    expect(await blobRowExists(second.made)).toBe(false);
  });

  it('never deletes a made file while a conversion row names it, even when it is a candidate itself', async () => {
    const { source, made } = await convertedSource(
      await sharp(fixture('rotated-exif.jpg')).rotate().png().toBuffer(),
    );
    expect(await cleanup([made])).toEqual([]);
    expect(await blobRowExists(made)).toBe(true);
    expect(await conversionRows(source)).toHaveLength(1);
  });
});
