import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentedSha256s, fixture } from '../../test/media-fixtures.js';
import { BlobTooLargeError, type BlobStore } from './blob-store.js';

/** A store under test, and ways to look behind its interface. */
export interface BlobStoreHarness {
  store: BlobStore;
  /** sha256 names of the stored blobs, sorted. */
  blobNames(): Promise<string[]>;
  /** Anything an unfinished put left: temp files, temp keys, multipart uploads. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

const MB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `count` chunks of `chunkSize` pseudo-random bytes, generated on demand (never held in memory together). */
export function generated(count: number, chunkSize: number, fail?: Error): Readable {
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

/** Peak RSS growth while `work` runs, sampled every 20 ms. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss - baseline);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss - baseline);
    return { result, growth: peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The behaviour every BlobStore must show, whatever keeps the bytes. Sizes are chosen to cross an
 * S3 multipart boundary: the failing and oversized streams send several parts before they stop.
 */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`${name}: BlobStore contract`, () => {
    let h: BlobStoreHarness;
    let store: BlobStore;

    beforeEach(async () => {
      h = await open();
      store = h.store;
    });
    afterEach(async () => {
      await h.close();
    });

    it('stores a buffer and a stream with sha256, CRC-32 and size, and reads them back', async () => {
      const data = Buffer.from('Nordstern Kaffee, Probe 500 g');
      const expected = { sha256: sha256(data), size: data.length, crc32: zlib.crc32(data) };
      expect(await store.put(data)).toEqual(expected);
      const streamed = Buffer.from('Nordstern Kaffee, Probe 1 kg');
      expect(await store.put(Readable.from([streamed.subarray(0, 5), streamed.subarray(5)]))).toEqual({
        sha256: sha256(streamed),
        size: streamed.length,
        crc32: zlib.crc32(streamed),
      });
      expect(await buffer(store.read(expected.sha256))).toEqual(data);
      expect(await buffer(store.read(sha256(streamed)))).toEqual(streamed);
      expect(await h.blobNames()).toEqual([expected.sha256, sha256(streamed)].sort());
      expect(await h.leftovers()).toEqual([]);
    });

    it('stores every fixture byte-identical, named by the sha256 the fixtures README documents', async () => {
      const documented = documentedSha256s();
      expect(documented.size).toBeGreaterThanOrEqual(14);
      for (const [file, expected] of documented) {
        const blob = await store.put(fs.createReadStream(fixture(file)));
        expect(blob.sha256, file).toBe(expected);
        expect(blob.size, file).toBe((await fsp.stat(fixture(file))).size);
        // Buffer.equals: vitest's toEqual walks large buffers byte by byte, slowly.
        const same = (await buffer(store.read(expected))).equals(await fsp.readFile(fixture(file)));
        expect(same, file).toBe(true);
      }
    });

    it('stores an empty file', async () => {
      const empty = await store.put(Readable.from([]));
      expect(empty).toEqual({ sha256: sha256(Buffer.alloc(0)), size: 0, crc32: 0 });
      expect(await store.size(empty.sha256)).toBe(0);
      expect(await text(store.read(empty.sha256))).toBe('');
    });

    it('reads an inclusive byte range, clipped to the end of the blob', async () => {
      const { sha256: id } = await store.put(Buffer.from('0123456789abcdefghij'));
      expect(await text(store.read(id))).toBe('0123456789abcdefghij');
      expect(await text(store.read(id, { start: 10, end: 14 }))).toBe('abcde');
      expect(await text(store.read(id, { start: 19, end: 19 }))).toBe('j');
      expect(await text(store.read(id, { start: 15, end: 100 }))).toBe('fghij');
      expect(await text(store.read(id, { start: 20, end: 30 }))).toBe('');
    });

    it('streams 64 MB in and out with flat memory, hashing it in one pass', async () => {
      const reference = createHash('sha256');
      let crc = 0;
      for await (const chunk of generated(64, MB)) {
        reference.update(chunk as Buffer);
        crc = zlib.crc32(chunk as Buffer, crc);
      }
      const digest = reference.digest('hex');
      // The first multipart upload of a process loads and allocates what later ones reuse (about
      // 40 MB with the S3 SDK and s3rver in one process): measured here is what grows with the size.
      await store.put(generated(10, MB));
      const { result: blob, growth } = await peakRssGrowth(() => store.put(generated(64, MB)));
      expect(blob).toEqual({ sha256: digest, size: 64 * MB, crc32: crc >>> 0 });
      // Buffering the upload would add at least its 64 MB; streaming holds a few parts.
      expect(growth).toBeLessThan(80 * MB);
      console.info(`${name}: 64 MB put, peak RSS growth ${(growth / MB).toFixed(1)} MB`);

      const { result: readBack, growth: readGrowth } = await peakRssGrowth(async () => {
        const hash = createHash('sha256');
        for await (const chunk of store.read(blob.sha256)) hash.update(chunk as Buffer);
        return hash.digest('hex');
      });
      expect(readBack).toBe(digest);
      expect(readGrowth).toBeLessThan(80 * MB);
      console.info(`${name}: 64 MB read, peak RSS growth ${(readGrowth / MB).toFixed(1)} MB`);
      expect(await h.leftovers()).toEqual([]);
    }, 120_000);

    it('stores the same bytes once, however often and however concurrently they are put', async () => {
      const data = Buffer.from('same bytes');
      const first = await store.put(data);
      const again = await Promise.all([
        store.put(data),
        store.put(Readable.from([data])),
        store.put(Readable.from([data.subarray(0, 4), data.subarray(4)])),
      ]);
      expect(again).toEqual([first, first, first]);
      expect(await h.blobNames()).toEqual([first.sha256]);
      expect(await h.leftovers()).toEqual([]);
    });

    it('stops at maxBytes with BlobTooLargeError and leaves nothing behind', async () => {
      // 24 MB offered, 20 MB allowed: S3 has been sent several parts when the limit strikes.
      const tooLarge = store.put(generated(24, MB), { maxBytes: 20 * MB });
      await expect(tooLarge).rejects.toBeInstanceOf(BlobTooLargeError);
      await expect(store.put(Buffer.alloc(100_001), { maxBytes: 100_000 })).rejects.toMatchObject({
        maxBytes: 100_000,
      });
      await expect(store.put(generated(2, 64 * 1024), { maxBytes: 100_000 })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );
      expect(await h.blobNames()).toEqual([]);
      expect(await h.leftovers()).toEqual([]);
      // Exactly the limit is allowed.
      expect((await store.put(Buffer.alloc(100_000), { maxBytes: 100_000 })).size).toBe(100_000);
      expect((await store.put(generated(1, 100_000), { maxBytes: 100_000 })).size).toBe(100_000);
    });

    it('leaves no half blob when the source fails part-way (atomic put)', async () => {
      await expect(store.put(generated(4, 64 * 1024, new Error('connection reset')))).rejects.toThrow(
        'connection reset',
      );
      // After several S3 parts, too.
      await expect(store.put(generated(20, MB, new Error('connection reset')))).rejects.toThrow(
        'connection reset',
      );
      expect(await h.blobNames()).toEqual([]);
      expect(await h.leftovers()).toEqual([]);
    });

    it('answers exists, size, localPath and delete, and refuses names that are not a sha256', async () => {
      const data = Buffer.from('to be deleted');
      const { sha256: id } = await store.put(data);
      expect(await store.exists(id)).toBe(true);
      expect(await store.size(id)).toBe(data.length);
      expect(await fsp.readFile((await store.localPath(id))!)).toEqual(data);
      await store.delete(id);
      expect(await store.exists(id)).toBe(false);
      expect(await store.size(id)).toBeUndefined();
      expect(await store.localPath(id)).toBeUndefined();
      await store.delete(id); // deleting twice is fine
      expect(await h.blobNames()).toEqual([]);
      // Reading a missing blob fails the stream, as a missing file does.
      await expect(buffer(store.read(id))).rejects.toMatchObject({ code: 'ENOENT' });

      const traversal = '../../../../etc/passwd';
      expect(await store.exists(traversal)).toBe(false);
      expect(await store.size(traversal)).toBeUndefined();
      expect(await store.localPath(traversal)).toBeUndefined();
      expect(() => store.read(traversal)).toThrow(/Not a sha256/);
    });

    it('gives byte-identical local files, also to concurrent callers', async () => {
      for (const file of ['packshot-rgb.jpg', 'template.pdf', 'logo.eps']) {
        const original = await fsp.readFile(fixture(file));
        const { sha256: id } = await store.put(fs.createReadStream(fixture(file)));
        const paths = await Promise.all(Array.from({ length: 8 }, () => store.localPath(id)));
        expect(new Set(paths).size, file).toBe(1);
        expect((await fsp.readFile(paths[0]!)).equals(original), file).toBe(true);
        // Asked again later: the same file, still intact.
        expect(await store.localPath(id)).toBe(paths[0]);
        expect((await fsp.readFile(paths[0]!)).equals(original), file).toBe(true);
      }
    });

    it('stops reading when the consumer goes away, and keeps serving afterwards', async () => {
      const blob = await store.put(generated(12, MB));
      const stream = store.read(blob.sha256);
      for await (const chunk of stream) {
        expect((chunk as Buffer).length).toBeGreaterThan(0);
        break; // leaving the loop destroys the stream
      }
      expect(stream.destroyed).toBe(true);
      // Nothing is stuck: many reads in a row still complete (a leaked S3 connection would starve them).
      for (let i = 0; i < 60; i += 1) {
        const partial = store.read(blob.sha256, { start: 0, end: 3 * MB });
        partial.once('data', () => partial.destroy());
        await new Promise((resolve) => partial.once('close', resolve));
      }
      expect(await buffer(store.read(blob.sha256, { start: 5, end: 8 }))).toHaveLength(4);
    });
  });
}
