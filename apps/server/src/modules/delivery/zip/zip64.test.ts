import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { planZip, type ZipPlan } from './zip-layout.js';
import { zipStream, type OpenEntry } from './zip-stream.js';

const AT = Date.UTC(2026, 10, 22, 9, 41, 7);

/**
 * CRC-32 of `length` zero bytes without reading them: the CRC register's step for a zero bit is
 * linear over GF(2), so 8·length steps are one 32×32 bit matrix raised to that power (by
 * squaring), applied to the initial register. Instant for 4 GiB, where zlib.crc32 takes seconds.
 */
function crc32OfZeros(length: number): number {
  const times = (matrix: number[], vector: number) => {
    let sum = 0;
    for (let bit = 0; vector !== 0; bit += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[bit]!;
    return sum >>> 0;
  };
  // Column i: where one zero bit moves register bit i (reflected polynomial 0xEDB88320).
  let step = Array.from({ length: 32 }, (_, bit) => (bit === 0 ? 0xedb88320 : (1 << (bit - 1)) >>> 0));
  let register = 0xffffffff;
  for (let bits = length * 8; bits > 0; bits = Math.floor(bits / 2)) {
    if (bits % 2 === 1) register = times(step, register);
    step = step.map((column) => times(step, column));
  }
  return ~register >>> 0;
}

const ZERO_CHUNK = Buffer.alloc(1024 * 1024);

/** `length` zero bytes as a stream, from one shared buffer. */
function zeros(length: number): Readable {
  let left = length;
  return new Readable({
    read() {
      if (left === 0) {
        this.push(null);
        return;
      }
      const size = Math.min(left, ZERO_CHUNK.length);
      left -= size;
      this.push(ZERO_CHUNK.subarray(0, size));
    },
  });
}

const fromBuffer = (data: Buffer, range?: { start: number; end: number }) =>
  Readable.from([range ? data.subarray(range.start, range.end + 1) : data], { objectMode: false });

/** yauzl reading the zip through range requests of our stream, as a download manager would. */
class ZipStreamReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly plan: ZipPlan,
    private readonly open: OpenEntry,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // yauzl's end is exclusive, ours inclusive.
    return zipStream(this.plan, this.open, { start, end: end - 1 });
  }
}

describe('zip64', () => {
  it('computes the CRC-32 of zeros like zlib does', () => {
    for (const length of [0, 1, 7, 1000, 65_537]) {
      expect(crc32OfZeros(length)).toBe(zlib.crc32(Buffer.alloc(length)));
    }
  });

  it('holds more than 65,535 entries', async () => {
    const count = 70_000;
    // Mostly empty files (no content to stream, which keeps the test fast), every 1000th not.
    const contents = Array.from({ length: count }, (_, index) =>
      index % 1000 === 0 || index === count - 1 ? Buffer.from(`content of ${index}`) : Buffer.alloc(0),
    );
    const plan = planZip(
      contents.map((data, index) => ({
        name: `f${index}.txt`,
        size: data.length,
        crc32: zlib.crc32(data),
        modifiedAt: AT,
      })),
    );
    expect(plan.zip64).toBe(true);
    const zip = await readAll(zipStream(plan, (index, range) => fromBuffer(contents[index]!, range)));
    expect(zip.length).toBe(plan.totalSize);

    // The end record says "see zip64", the zip64 end record has the real count.
    const end = zip.subarray(zip.length - 22);
    expect(end.readUInt16LE(10)).toBe(0xffff);
    expect(Number(zip.readBigUInt64LE(zip.length - 22 - 20 - 56 + 32))).toBe(count);

    const zipFile = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
    expect(zipFile.entryCount).toBe(count);
    const names: string[] = [];
    const read = new Map<number, Buffer>();
    for await (const entry of zipFile.eachEntry()) {
      const index = names.length;
      names.push(entry.fileName);
      if (entry.uncompressedSize > 0)
        read.set(index, await readAll(await zipFile.openReadStreamPromise(entry)));
    }
    expect(names).toEqual(contents.map((_, index) => `f${index}.txt`));
    expect(read.size).toBe(71);
    for (const [index, data] of read) expect(data.equals(contents[index]!), `entry ${index}`).toBe(true);
  });

  it('holds an entry over 4 GiB and entries beyond it, read through range requests', async () => {
    const bigSize = 4 * 1024 ** 3 + 3;
    const before = randomBytes(1000);
    const after = randomBytes(2000);
    const last = randomBytes(10);
    const small = [before, undefined, after, last];
    const plan = planZip([
      { name: 'before.bin', size: before.length, crc32: zlib.crc32(before), modifiedAt: AT },
      { name: 'zeros.bin', size: bigSize, crc32: crc32OfZeros(bigSize), modifiedAt: AT },
      { name: 'after.bin', size: after.length, crc32: zlib.crc32(after), modifiedAt: AT },
      { name: 'last.bin', size: last.length, crc32: zlib.crc32(last), modifiedAt: AT },
    ]);
    const opened: { index: number; start: number }[] = [];
    const open: OpenEntry = (index, range) => {
      opened.push({ index, start: range?.start ?? 0 });
      const data = small[index];
      if (data) return fromBuffer(data, range);
      // Clipped at the entry's size like a blob store (the stream may ask for one byte past it).
      return zeros(range ? Math.min(range.end, bigSize - 1) - range.start + 1 : bigSize);
    };

    const zipFile = await yauzl.fromRandomAccessReaderPromise(
      new ZipStreamReader(plan, open),
      plan.totalSize,
      { lazyEntries: true, autoClose: false },
    );
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zipFile.eachEntry()) entries.set(entry.fileName, entry);
    expect([...entries.keys()]).toEqual(['before.bin', 'zeros.bin', 'after.bin', 'last.bin']);
    // Reading the directory (yauzl reads the last 64 KiB and then the directory itself) took
    // the end of the big entry only: no byte of the 4 GiB before it was generated.
    expect(opened.filter(({ index }) => index < 2)).toEqual([{ index: 1, start: expect.any(Number) }]);
    expect(opened.find(({ index }) => index === 1)!.start).toBeGreaterThan(bigSize - 70_000);

    const big = entries.get('zeros.bin')!;
    expect(big.uncompressedSize).toBe(bigSize);
    expect(big.crc32).toBe(crc32OfZeros(bigSize));
    expect(big.versionNeededToExtract).toBe(45);
    const tail = await readAll(
      await zipFile.openReadStreamPromise(big, { start: bigSize - 100, end: bigSize }),
    );
    expect(tail.equals(Buffer.alloc(100))).toBe(true);

    // Local headers beyond 4 GiB, found through the zip64 offsets of the directory.
    expect(entries.get('after.bin')!.relativeOffsetOfLocalHeader).toBeGreaterThan(bigSize);
    for (const [name, data] of [
      ['before.bin', before],
      ['after.bin', after],
      ['last.bin', last],
    ] as const) {
      expect(
        (await readAll(await zipFile.openReadStreamPromise(entries.get(name)!))).equals(data),
        name,
      ).toBe(true);
    }
    zipFile.close();

    // Streamed whole, the zip is exactly totalSize bytes (4 GiB of zeros through the stream).
    let streamed = 0;
    for await (const chunk of zipStream(plan, open)) streamed += (chunk as Buffer).length;
    expect(streamed).toBe(plan.totalSize);
  });
});
