import fs from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { AssetAnswer, Order } from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FACTS, makeImportDir } from '../../test/import-dirs.js';
import { fixture } from '../../test/media-fixtures.js';
import { multipartBody } from '../../test/multipart.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

/**
 * The portal's callers of BlobStore (import, order uploads, probe, renditions job, file delivery)
 * working through the S3 store: nothing may depend on blobs being local files. SQLite only: the
 * database plays no part in where blobs go.
 */
describe('portal with blobs in S3 [sqlite]', () => {
  let t: TestApp;
  let staff: Session;
  let importDir: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { storage: 's3' });
    staff = await signInAs(t, 'internal');
  });
  afterAll(async () => {
    await t.close();
    if (importDir) await fs.rm(importDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    call(t.app, 'GET', url, { token: staff.token, headers });
  const bucketKeys = async () => {
    const listed = await t.s3!.client.send(new ListObjectsV2Command({ Bucket: t.s3!.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  };

  it('imports a catalogue, renders its renditions by job, and serves original, range and thumbnail', async () => {
    importDir = await makeImportDir(
      {
        nodes: [
          { id: 1, parentId: null, name: { de: 'Deutschland' } },
          { id: 10, parentId: 1, name: { de: 'Kaffee' } },
        ],
        assets: [
          {
            id: 5000,
            container: 10,
            name: { de: 'Packshot' },
            files: [{ path: 'cmyk.tif', mediaType: 1200 }],
          },
          { id: 5001, container: 10, name: { de: 'Vorlage' }, files: [{ path: 'v.pdf', mediaType: 1500 }] },
        ],
      },
      { 'cmyk.tif': 'packshot-cmyk.tif', 'v.pdf': 'template.pdf' },
    );
    await t.context.imports.importDirectory(importDir);
    const tif = FIXTURE_FACTS['packshot-cmyk.tif'];
    expect(await bucketKeys()).toContain(
      `blobs/${tif.sha256.slice(0, 2)}/${tif.sha256.slice(2, 4)}/${tif.sha256}`,
    );

    // Renditions need a local file for sharp and Ghostscript: the job gets it from the S3 store's cache.
    await t.runJobs();
    for (const [id, source] of [
      [5000, 'packshot-cmyk.tif'],
      [5001, 'template.pdf'],
    ] as const) {
      const asset = (await get(`/api/asset/${id}`)).json<AssetAnswer>().data;
      const original = await get(asset.originalTicket);
      expect(original.statusCode, original.body).toBe(200);
      expect(original.rawPayload.equals(await fs.readFile(fixture(source)))).toBe(true);

      const range = await get(asset.originalTicket, { range: 'bytes=100-199' });
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.equals((await fs.readFile(fixture(source))).subarray(100, 200))).toBe(true);

      const thumb = await get(asset.defaultThumbTicket!);
      expect(thumb.statusCode, `${source}: ${thumb.body}`).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
    }
    // Nothing went to the local blob directory.
    await expect(fs.stat(path.join(t.dataDir, 'blobs'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('takes an order upload into S3, checks it through a local copy, and serves original and thumbnail', async () => {
    const { body, contentType } = multipartBody({ name: 'S3 Bestellung' }, [
      { filename: 'front.png', content: await fs.readFile(fixture('cutout-alpha.png')) },
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': contentType, authorization: `Bearer ${staff.token}` },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [file] = answer.json<Order>().files;
    expect(file).toMatchObject({ mimetype: 'image/png', size: FIXTURE_FACTS['cutout-alpha.png'].size });

    const original = await call(t.app, 'GET', file!.url);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(await fs.readFile(fixture('cutout-alpha.png')))).toBe(true);

    await t.runJobs();
    const thumb = await call(t.app, 'GET', file!.thumbUrl!);
    expect(thumb.statusCode, thumb.body).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(400);
    // No upload left a temp object behind.
    expect((await bucketKeys()).filter((key) => !key.startsWith('blobs/'))).toEqual([]);
  });
});
