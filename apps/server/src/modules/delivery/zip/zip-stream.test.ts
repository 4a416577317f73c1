import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { LocalBlobStore } from '../../../platform/storage/local-blob-store.js';
import type { StoredBlob } from '../../../platform/storage/blob-store.js';
import { uniqueEntryNames } from './entry-names.js';
import { planZip, type ZipEntry, type ZipPlan } from './zip-layout.js';
import { ZipContentError, zipStream, type OpenEntry, type ZipByteRange } from './zip-stream.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MODIFIED_AT = Date.UTC(2026, 10, 22, 9, 41, 7);

interface ReadEntry {
  name: string;
  data: Buffer;
  crc32: number;
  modifiedAt: Date;
  dosModifiedAt: Date;
}

/** Every entry of a zip, read by yauzl (an independent reader that checks sizes and structure). */
async function unzip(zip: Buffer): Promise<ReadEntry[]> {
  const zipFile = await yauzl.fromBufferPromise(zip, { lazyEntries: true, strictFileNames: true });
  const entries: ReadEntry[] = [];
  for await (const entry of zipFile.eachEntry()) {
    const data = await readAll(await zipFile.openReadStreamPromise(entry));
    entries.push({
      name: entry.fileName,
      data,
      crc32: entry.crc32,
      modifiedAt: entry.getLastModDate(),
      dosModifiedAt: entry.getLastModDate({ forceDosFormat: true, timezone: 'UTC' }),
    });
  }
  return entries;
}

/** A temp LocalBlobStore holding one blob per content. */
async function storeWith(
  dir: string,
  contents: Buffer[],
): Promise<{ store: LocalBlobStore; blobs: StoredBlob[] }> {
  const store = new LocalBlobStore(dir);
  const blobs: StoredBlob[] = [];
  for (const content of contents) blobs.push(await store.put(content));
  return { store, blobs };
}

const zipOf = (plan: ZipPlan, open: OpenEntry, range?: ZipByteRange) => readAll(zipStream(plan, open, range));

/** Streams that fail or mislead, to see the zip stream refuse them. */
function chunked(data: Buffer, chunkSize = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += chunkSize) chunks.push(data.subarray(at, at + chunkSize));
  return Readable.from(chunks, { objectMode: false });
}

describe('zipStream over a LocalBlobStore', () => {
  let dir: string;
  let store: LocalBlobStore;
  let blobs: StoredBlob[];
  let contents: Buffer[];
  let entries: ZipEntry[];
  let plan: ZipPlan;
  let open: OpenEntry;
  let whole: Buffer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-zip-'));
    // Empty, one byte, exactly one fs read chunk (64 KiB), several chunks, and one in between.
    contents = [0, 1, 1000, 65_536, 300_001, 17].map((size) => randomBytes(size));
    ({ store, blobs } = await storeWith(dir, contents));
    const names = uniqueEntryNames([
      'Kaffee_Crème.jpg',
      'leer.txt',
      'a.jpg',
      'A.JPG',
      '../../etc/passwd',
      '04012345678901_01_s01_v01-Café Grüße 漢字.tif',
    ]);
    entries = blobs.map((blob, index) => ({
      name: names[index]!,
      size: blob.size,
      crc32: blob.crc32,
      modifiedAt: MODIFIED_AT + index * 1000,
    }));
    plan = planZip(entries);
    open = (index, range) => store.read(blobs[index]!.sha256, range);
    whole = await zipOf(plan, open);
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a zip that an independent reader extracts byte for byte', async () => {
    expect(whole.length).toBe(plan.totalSize);
    const read = await unzip(whole);
    expect(read.map((entry) => entry.name)).toEqual([
      'Kaffee_Crème.jpg',
      'leer.txt',
      'a.jpg',
      'A (2).JPG',
      'etc_passwd',
      '04012345678901_01_s01_v01-Café Grüße 漢字.tif',
    ]);
    read.forEach((entry, index) => {
      expect(sha256(entry.data)).toBe(blobs[index]!.sha256);
      expect(entry.data.equals(contents[index]!)).toBe(true);
      expect(entry.crc32).toBe(blobs[index]!.crc32);
      // Exact UTC seconds from the extended timestamp, 2-second DOS time in UTC next to it.
      expect(entry.modifiedAt.getTime()).toBe(MODIFIED_AT + index * 1000);
      const dosSeconds = Math.floor((MODIFIED_AT + index * 1000) / 2000) * 2000;
      expect(entry.dosModifiedAt.getTime()).toBe(dosSeconds);
    });
    expect(plan.zip64).toBe(false);
  });

  it('is deterministic: the same entries give the same bytes', async () => {
    expect((await zipOf(planZip(entries), open)).equals(whole)).toBe(true);
  });

  it('produces every split of the zip on its own: both halves at every cut point make the whole', async () => {
    // A smaller zip for the exhaustive pass (hundreds of cuts, two streams each).
    const small = planZip(entries.filter((entry) => entry.size < 100));
    const indexes = entries.flatMap((entry, index) => (entry.size < 100 ? [index] : []));
    const openSmall: OpenEntry = (index, range) => open(indexes[index]!, range);
    const smallWhole = await zipOf(small, openSmall);
    expect(smallWhole.length).toBe(small.totalSize);
    for (let cut = 1; cut < small.totalSize; cut += 1) {
      const head = await zipOf(small, openSmall, { start: 0, end: cut - 1 });
      const tail = await zipOf(small, openSmall, { start: cut, end: small.totalSize - 1 });
      expect(head.length).toBe(cut);
      expect(Buffer.concat([head, tail]).equals(smallWhole), `cut at ${cut}`).toBe(true);
    }
  });

  it('produces any range of the larger zip equal to the same slice of the whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: plan.totalSize - 1 }), { maxLength: 6 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), plan.totalSize];
          const parts: Buffer[] = [];
          for (let i = 0; i + 1 < points.length; i += 1) {
            parts.push(await zipOf(plan, open, { start: points[i]!, end: points[i + 1]! - 1 }));
          }
          expect(Buffer.concat(parts).equals(whole)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('opens only the blobs a range touches, each at the right offset', async () => {
    const calls: { index: number; range?: ZipByteRange }[] = [];
    const spy: OpenEntry = (index, range) => {
      calls.push(range ? { index, range } : { index });
      return open(index, range);
    };
    const data = plan.segments.filter((segment) => segment.kind === 'entry');
    const big = data.find((segment) => segment.length === 300_001)!;
    const bigIndex = entries.findIndex((entry) => entry.size === 300_001);

    // Inside one entry's content: that blob only, exactly that slice.
    const inside = { start: big.offset + 100_000, end: big.offset + 100_099 };
    const slice = await zipOf(plan, spy, inside);
    expect(slice.equals(contents[bigIndex]!.subarray(100_000, 100_100))).toBe(true);
    expect(calls).toEqual([{ index: bigIndex, range: { start: 100_000, end: 100_099 } }]);

    // From inside that entry to the end: the rest of it (one byte more, to notice a longer blob)
    // and the entry after it whole.
    calls.length = 0;
    await zipOf(plan, spy, { start: big.offset + 5, end: plan.totalSize - 1 });
    expect(calls).toEqual([{ index: bigIndex, range: { start: 5, end: 300_001 } }, { index: bigIndex + 1 }]);

    // The central directory alone: no blob at all.
    calls.length = 0;
    const directoryStart = data.at(-1)!.offset + data.at(-1)!.length;
    await zipOf(plan, spy, { start: directoryStart, end: plan.totalSize - 1 });
    expect(calls).toEqual([]);
  });

  it('rejects a range outside the zip', () => {
    expect(() => zipStream(plan, open, { start: 0, end: plan.totalSize })).toThrow(RangeError);
    expect(() => zipStream(plan, open, { start: 5, end: 4 })).toThrow(RangeError);
    expect(() => zipStream(plan, open, { start: -1, end: 4 })).toThrow(RangeError);
  });

  it('fails the stream when a blob is shorter or longer than planned, or fails itself', async () => {
    const bigIndex = entries.findIndex((entry) => entry.size === 300_001);
    const big = contents[bigIndex]!;
    const shorter: OpenEntry = (index, range) =>
      index === bigIndex ? chunked(big.subarray(0, big.length - 1)) : open(index, range);
    await expect(zipOf(plan, shorter)).rejects.toThrow(ZipContentError);

    const longer: OpenEntry = (index, range) =>
      index === bigIndex ? chunked(Buffer.concat([big, Buffer.from('x')])) : open(index, range);
    await expect(zipOf(plan, longer)).rejects.toThrow(/longer than planned/);

    // A resumed download reaching the entry's end notices the extra byte too.
    const longerRanged: OpenEntry = (index, range) => {
      const longBlob = Buffer.concat([big, Buffer.from('x')]);
      return index === bigIndex && range
        ? chunked(longBlob.subarray(range.start, range.end + 1))
        : open(index, range);
    };
    const segment = plan.segments.find((s) => s.kind === 'entry' && s.entryIndex === bigIndex)!;
    await expect(
      zipOf(plan, longerRanged, { start: segment.offset + 10, end: plan.totalSize - 1 }),
    ).rejects.toThrow(/longer than planned/);

    const failing: OpenEntry = (index, range) => {
      if (index !== bigIndex) return open(index, range);
      const stream = new Readable({ read() {} });
      stream.push(big.subarray(0, 1000));
      setImmediate(() => stream.destroy(new Error('disk on fire')));
      return stream;
    };
    await expect(zipOf(plan, failing)).rejects.toThrow('disk on fire');

    const throwing: OpenEntry = () => {
      throw new Error('no such blob');
    };
    await expect(zipOf(plan, throwing)).rejects.toThrow('no such blob');
  });

  it('releases the blob stream when the download is aborted', async () => {
    const bigIndex = entries.findIndex((entry) => entry.size === 300_001);
    let opened: { index: number; stream: Readable } | undefined;
    const output = zipStream(plan, (index, range) => {
      opened = { index, stream: open(index, range) };
      return opened.stream;
    });
    for await (const _chunk of output) {
      if (opened?.index === bigIndex) break;
    }
    // Leaving the loop destroys the output mid-blob, which must destroy the blob stream too.
    expect(output.destroyed).toBe(true);
    expect(opened!.stream.readableEnded).toBe(false);
    expect(opened!.stream.destroyed).toBe(true);
  });

  it('reads a blob no faster than the consumer takes it (backpressure)', async () => {
    const size = 1024 ** 3; // 1 GiB, generated on demand: never held, never finished
    let produced = 0;
    const endless = new Readable({
      read() {
        const chunk = Buffer.alloc(64 * 1024);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const huge = planZip([{ name: 'huge.bin', size, crc32: 0, modifiedAt: MODIFIED_AT }]);
    const output = zipStream(huge, () => endless);
    let taken = 0;
    await new Promise<void>((resolve) => {
      output.on('data', (chunk: Buffer) => {
        taken += chunk.length;
        if (taken > 4 * 1024 * 1024) {
          output.pause();
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // What was read beyond what was taken while the consumer waits: a few chunks, not the gigabyte.
    expect(produced - taken).toBeLessThan(512 * 1024);
    output.destroy();
    expect(endless.destroyed).toBe(true);
  });
});
