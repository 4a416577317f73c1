import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentedSha256s, fixture } from '../../test/media-fixtures.js';
import { BlobTooLargeError } from './blob-store.js';
import { createBlobStore, LocalBlobStore } from './index.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** `count` chunks of `chunkSize` pseudo-random bytes, generated on demand (never held in memory together). */
function generated(count: number, chunkSize: number, fail?: Error): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i === count) {
        if (fail) this.destroy(fail);
        else this.push(null);
        return;
      }
      const chunk = Buffer.alloc(chunkSize, i % 251);
      chunk.writeUInt32LE(i, 0);
      i += 1;
      this.push(chunk);
    },
  });
}

describe('LocalBlobStore', () => {
  let dataDir: string;
  let root: string;
  let store: LocalBlobStore;

  beforeEach(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-blobs-'));
    root = path.join(dataDir, 'blobs');
    store = new LocalBlobStore(root);
  });
  afterEach(async () => {
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('stores a buffer under blobs/ab/cd/<sha256> with its sha256, CRC-32 and size', async () => {
    const data = Buffer.from('Nordstern Kaffee, Probe 500 g');
    const blob = await store.put(data);
    expect(blob).toEqual({ sha256: sha256(data), size: data.length, crc32: zlib.crc32(data) });
    const expectedPath = path.join(root, blob.sha256.slice(0, 2), blob.sha256.slice(2, 4), blob.sha256);
    expect(await store.localPath(blob.sha256)).toBe(expectedPath);
    expect(await fsp.readFile(expectedPath)).toEqual(data);
    expect(await filesUnder(path.join(root, 'tmp'))).toEqual([]);
  });

  it('is created by createBlobStore under DATA_DIR/blobs', async () => {
    const fromConfig = createBlobStore({ dataDir });
    const blob = await fromConfig.put(Buffer.from('x'));
    expect(await fromConfig.localPath(blob.sha256)).toBe(await store.localPath(blob.sha256));
  });

  it('stores every fixture byte-identical, named by the sha256 the fixtures README documents', async () => {
    const documented = documentedSha256s();
    expect(documented.size).toBeGreaterThanOrEqual(14);
    for (const [name, expected] of documented) {
      const blob = await store.put(fs.createReadStream(fixture(name)));
      expect(blob.sha256, name).toBe(expected);
      expect(blob.size, name).toBe((await fsp.stat(fixture(name))).size);
      expect(await fsp.readFile((await store.localPath(expected))!)).toEqual(
        await fsp.readFile(fixture(name)),
      );
    }
  });

  it('streams a large input in constant memory and hashes it in one pass', async () => {
    const reference = createHash('sha256');
    let crc = 0;
    for await (const chunk of generated(96, 1024 * 1024)) {
      reference.update(chunk as Buffer);
      crc = zlib.crc32(chunk as Buffer, crc);
    }
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const blob = await store.put(generated(96, 1024 * 1024));
    const growth = process.memoryUsage().rss - rssBefore;
    expect(blob).toEqual({ sha256: reference.digest('hex'), size: 96 * 1024 * 1024, crc32: crc >>> 0 });
    // 96 MB went through; buffering it would grow the process by at least that much.
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });

  it('stores the same bytes once, however often they are put', async () => {
    const data = Buffer.from('same bytes');
    const first = await store.put(data);
    const file = (await store.localPath(first.sha256))!;
    const before = await fsp.stat(file);
    const again = await Promise.all([store.put(data), store.put(Readable.from([data])), store.put(data)]);
    expect(again).toEqual([first, first, first]);
    expect(await filesUnder(root)).toEqual([path.relative(root, file)]);
    expect((await fsp.stat(file)).ino).toBe(before.ino);
  });

  it('stops at maxBytes with BlobTooLargeError and leaves nothing behind', async () => {
    const tooLarge = store.put(generated(8, 64 * 1024), { maxBytes: 100_000 });
    await expect(tooLarge).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(store.put(Buffer.alloc(100_001), { maxBytes: 100_000 })).rejects.toMatchObject({
      maxBytes: 100_000,
    });
    expect(await filesUnder(root)).toEqual([]);
    // Exactly the limit is allowed.
    const atLimit = await store.put(Buffer.alloc(100_000), { maxBytes: 100_000 });
    expect(atLimit.size).toBe(100_000);
  });

  it('leaves no half blob when the source fails part-way (atomic put)', async () => {
    await expect(store.put(generated(4, 64 * 1024, new Error('connection reset')))).rejects.toThrow(
      'connection reset',
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it('reads a blob whole or as an inclusive byte range', async () => {
    const data = Buffer.from('0123456789abcdefghij');
    const { sha256: id } = await store.put(data);
    expect(await text(store.read(id))).toBe('0123456789abcdefghij');
    expect(await text(store.read(id, { start: 10, end: 14 }))).toBe('abcde');
    expect(await text(store.read(id, { start: 19, end: 19 }))).toBe('j');
  });

  it('answers exists, size, localPath and delete, and refuses names that are not a sha256', async () => {
    const data = Buffer.from('to be deleted');
    const { sha256: id } = await store.put(data);
    expect(await store.exists(id)).toBe(true);
    expect(await store.size(id)).toBe(data.length);
    await store.delete(id);
    expect(await store.exists(id)).toBe(false);
    expect(await store.size(id)).toBeUndefined();
    expect(await store.localPath(id)).toBeUndefined();
    await store.delete(id); // deleting twice is fine

    const traversal = '../../../../etc/passwd';
    expect(await store.exists(traversal)).toBe(false);
    expect(await store.localPath(traversal)).toBeUndefined();
    expect(() => store.read(traversal)).toThrow(/Not a sha256/);
  });
});
