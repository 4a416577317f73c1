import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { copyBlobs, type BlobRef } from './blob-copy.js';
import { blobStoreFromUrl, localBlobStore } from './blob-stores.js';

describe('copying blobs between stores', () => {
  let dir: string;
  let s3: S3TestServer;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-blob-copy-'));
    s3 = await startS3Server({ bucket: 'scale-out' });
  });
  afterAll(async () => {
    await s3?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('copies what is missing, skips what is there, and reports missing and damaged blobs', async () => {
    const from = localBlobStore(path.join(dir, 'from'));
    const to = localBlobStore(path.join(dir, 'to'));
    const [fine, there, damaged, wrongInTarget] = await Promise.all(
      ['fine', 'already there', 'damaged', 'wrong in target'].map((label) => from.put(Buffer.from(label))),
    );
    await to.put(Buffer.from('already there'));
    // Damage two files behind the stores' backs: one in the source, one in the target.
    await fs.writeFile((await from.localPath(damaged!.sha256))!, 'other bytes');
    const wrongCopy = await to.put(Buffer.from('wrong in target'));
    await fs.appendFile((await to.localPath(wrongCopy.sha256))!, '!');
    const absent = 'f'.repeat(64);

    const refs: BlobRef[] = [fine!, there!, damaged!, wrongInTarget!, { sha256: absent, size: 3 }].map(
      ({ sha256, size }) => ({ sha256, size }),
    );
    const result = await copyBlobs([refs.slice(0, 2), refs.slice(2)], from, to);
    expect(result).toEqual({
      total: 5,
      copied: 1,
      bytesCopied: 4,
      alreadyThere: 1,
      bytesPresent: 4 + 13,
      missing: [absent],
      corrupt: [damaged!.sha256, wrongInTarget!.sha256].sort(),
    });
    expect(await text(to.read(fine!.sha256))).toBe('fine');
    // The damaged source's bytes are not stored under the name they do not hash to.
    expect(await to.exists(damaged!.sha256)).toBe(false);
  });

  it('--blobs-to s3://…: streams into the bucket, and a second run finds everything there', async () => {
    const from = localBlobStore(path.join(dir, 'embedded'));
    const blobs = await Promise.all([
      from.put(Buffer.from('packshot')),
      from.put(Buffer.alloc(256 * 1024, 7)),
    ]);
    const target = blobStoreFromUrl(s3.storageUrl);
    expect(target.description).toBe('s3://scale-out');
    const refs = blobs.map(({ sha256, size }) => ({ sha256, size }));

    expect(await copyBlobs([refs], from, target.store)).toMatchObject({
      copied: 2,
      alreadyThere: 0,
      missing: [],
    });
    expect(await text(target.store.read(blobs[0]!.sha256))).toBe('packshot');
    expect(await target.store.size(blobs[1]!.sha256)).toBe(256 * 1024);
    expect(await copyBlobs([refs], from, target.store)).toMatchObject({ copied: 0, alreadyThere: 2 });
  });

  it('refuses a --blobs-to it cannot place', () => {
    expect(() => blobStoreFromUrl('gs://bucket')).toThrow(
      '--blobs-to must be s3://bucket?endpoint=… or file:DIR',
    );
    expect(() => blobStoreFromUrl('file:')).toThrow(/needs a directory/);
  });
});
