import { describe, expect, it } from 'vitest';
import { planZip, type LiteralSegment, type ZipEntry, type ZipPlan } from './zip-layout.js';
import { dosDateTime, needsZip64End } from './zip-records.js';

const GiB = 1024 ** 3;
const AT = Date.UTC(2026, 10, 22, 9, 41, 7);

interface Header {
  kind: 'local' | 'central';
  versionNeeded: number;
  flags: number;
  size32: number;
  offset32: number | undefined;
  name: string;
  /** Extra fields by tag. */
  extras: Map<number, Buffer>;
}

const bytesOf = (segment: LiteralSegment) =>
  segment.buffer.subarray(segment.bufferOffset, segment.bufferOffset + segment.length);

/** The literal bytes of a plan: the zip without its contents. */
const literalBytes = (plan: ZipPlan) =>
  Buffer.concat(plan.segments.flatMap((segment) => (segment.kind === 'literal' ? [bytesOf(segment)] : [])));

/** The last `length` bytes of the zip (always literal: end records). */
function tailOf(plan: ZipPlan, length: number): Buffer {
  const last = plan.segments.at(-1)!;
  if (last.kind !== 'literal') throw new Error('a zip ends with its end records');
  return bytesOf(last).subarray(last.length - length);
}

/** The local and central headers of a plan, read back from its literal segments. */
function headers(plan: ZipPlan): Header[] {
  const found: Header[] = [];
  for (const segment of plan.segments) {
    if (segment.kind !== 'literal') continue;
    const bytes = bytesOf(segment);
    for (let at = 0; at < bytes.length;) {
      const signature = bytes.readUInt32LE(at);
      if (signature !== 0x04034b50 && signature !== 0x02014b50) break; // the end records
      const local = signature === 0x04034b50;
      const fixed = local ? 30 : 46;
      const nameLength = bytes.readUInt16LE(at + (local ? 26 : 28));
      const extraLength = bytes.readUInt16LE(at + (local ? 28 : 30));
      const extras = new Map<number, Buffer>();
      const extraStart = at + fixed + nameLength;
      for (let extra = extraStart; extra < extraStart + extraLength;) {
        const size = bytes.readUInt16LE(extra + 2);
        extras.set(bytes.readUInt16LE(extra), bytes.subarray(extra + 4, extra + 4 + size));
        extra += 4 + size;
      }
      found.push({
        kind: local ? 'local' : 'central',
        versionNeeded: bytes.readUInt16LE(at + (local ? 4 : 6)),
        flags: bytes.readUInt16LE(at + (local ? 6 : 8)),
        size32: bytes.readUInt32LE(at + (local ? 22 : 24)),
        offset32: local ? undefined : bytes.readUInt32LE(at + 42),
        name: bytes.subarray(at + fixed, at + fixed + nameLength).toString('utf8'),
        extras,
      });
      at = extraStart + extraLength;
      // A local header is alone in its segment, followed by the entry's content.
      if (local) expect(at).toBe(bytes.length);
    }
  }
  return found;
}

const entry = (name: string, size: number): ZipEntry => ({ name, size, crc32: 0x12345678, modifiedAt: AT });

describe('planZip', () => {
  it('lays out segments back to back over exactly totalSize bytes, empty entries without content', () => {
    const plan = planZip([entry('a.jpg', 10), entry('empty.txt', 0), entry('b.jpg', 5)]);
    let offset = 0;
    for (const segment of plan.segments) {
      expect(segment.offset).toBe(offset);
      if (segment.kind === 'literal') expect(bytesOf(segment).length).toBe(segment.length);
      offset += segment.length;
    }
    expect(offset).toBe(plan.totalSize);
    const content = plan.segments.filter((segment) => segment.kind === 'entry');
    expect(content.map((segment) => [segment.entryIndex, segment.length])).toEqual([
      [0, 10],
      [2, 5],
    ]);
  });

  it('writes a plain zip without any zip64 field while nothing overflows', () => {
    const plan = planZip([entry('Grüße.jpg', 1000), entry('b.jpg', 0xfffffffe - 2000)]);
    expect(plan.zip64).toBe(false);
    for (const header of headers(plan)) {
      expect(header.versionNeeded).toBe(20);
      expect(header.flags).toBe(0x0800); // UTF-8 names
      expect(header.extras.has(0x0001)).toBe(false);
    }
    expect(headers(plan)[0]!.name).toBe('Grüße.jpg');
    // The end record alone, with real values; no zip64 locator before it.
    const tail = tailOf(plan, 22);
    expect(tail.readUInt32LE(0)).toBe(0x06054b50);
    expect(tail.readUInt16LE(10)).toBe(2);
    const directory = plan.segments.at(-1)!;
    expect(tail.readUInt32LE(12)).toBe(directory.length - 22);
    expect(tail.readUInt32LE(16)).toBe(directory.offset);
    expect(tailOf(plan, 42).readUInt32LE(0)).not.toBe(0x07064b50);
  });

  it('uses zip64 fields only for the entries and values that overflow', () => {
    const big = 4 * GiB + 7;
    const plan = planZip([entry('first.jpg', 100), entry('big.tif', big), entry('after.jpg', 100)]);
    expect(plan.zip64).toBe(true);
    const byName = (kind: Header['kind'], name: string) =>
      headers(plan).find((header) => header.kind === kind && header.name === name)!;

    // Before the big entry: plain.
    expect(byName('local', 'first.jpg').versionNeeded).toBe(20);
    expect(byName('central', 'first.jpg').extras.has(0x0001)).toBe(false);

    // The big entry: both sizes in 64 bits, in its local and its central header.
    const bigLocal = byName('local', 'big.tif');
    expect(bigLocal.versionNeeded).toBe(45);
    expect(bigLocal.size32).toBe(0xffffffff);
    expect(bigLocal.extras.get(0x0001)!.length).toBe(16);
    expect(Number(bigLocal.extras.get(0x0001)!.readBigUInt64LE(0))).toBe(big);
    const bigCentral = byName('central', 'big.tif');
    expect(bigCentral.extras.get(0x0001)!.length).toBe(16); // sizes only: its offset fits
    expect(bigCentral.offset32).toBeLessThan(0xffffffff);

    // After it: a small entry starting beyond 4 GiB needs only its offset in 64 bits.
    expect(byName('local', 'after.jpg').extras.has(0x0001)).toBe(false);
    expect(byName('local', 'after.jpg').versionNeeded).toBe(45);
    const afterCentral = byName('central', 'after.jpg');
    expect(afterCentral.size32).toBe(100);
    expect(afterCentral.offset32).toBe(0xffffffff);
    const afterOffset = plan.segments.find(
      (segment) => segment.kind === 'entry' && segment.entryIndex === 2,
    )!.offset;
    const afterHeaderOffset = Number(afterCentral.extras.get(0x0001)!.readBigUInt64LE(0));
    expect(afterHeaderOffset + 30 + 'after.jpg'.length + 9).toBe(afterOffset);

    // The directory starts beyond 4 GiB: zip64 end record + locator before the end record.
    const tail = tailOf(plan, 56 + 20 + 22);
    expect(tail.readUInt32LE(0)).toBe(0x06064b50);
    expect(tail.readUInt32LE(56)).toBe(0x07064b50);
    expect(tail.readUInt32LE(76 + 16)).toBe(0xffffffff); // directory offset: see zip64
    expect(tail.readUInt16LE(76 + 10)).toBe(3); // the count still fits
    expect(Number(tail.readBigUInt64LE(48))).toBe(plan.segments.at(-1)!.offset); // real offset
    expect(Number(tail.readBigUInt64LE(56 + 8))).toBe(plan.totalSize - 98); // locator → record
  });

  it('switches to the zip64 end records at the 16- and 32-bit markers, not after them', () => {
    expect(needsZip64End({ entryCount: 0xfffe, offset: 0, size: 0 })).toBe(false);
    expect(needsZip64End({ entryCount: 0xffff, offset: 0, size: 0 })).toBe(true);
    expect(needsZip64End({ entryCount: 1, offset: 0xfffffffe, size: 0 })).toBe(false);
    expect(needsZip64End({ entryCount: 1, offset: 0xffffffff, size: 0 })).toBe(true);
    expect(needsZip64End({ entryCount: 1, offset: 0, size: 0xffffffff })).toBe(true);
  });

  it('is deterministic', () => {
    const entries = [entry('a.jpg', 10), entry('b.jpg', 20)];
    expect(literalBytes(planZip(entries)).equals(literalBytes(planZip(entries)))).toBe(true);
  });

  it('plans an empty zip as a lone end record', () => {
    const plan = planZip([]);
    expect(plan.totalSize).toBe(22);
    expect(plan.segments).toHaveLength(1);
  });

  it('refuses impossible sizes, CRCs and names that could leave the extraction folder', () => {
    expect(() => planZip([entry('a', -1)])).toThrow(RangeError);
    expect(() => planZip([entry('a', 1.5)])).toThrow(RangeError);
    expect(() => planZip([{ ...entry('a', 1), crc32: -1 }])).toThrow(RangeError);
    expect(() => planZip([{ ...entry('a', 1), crc32: 2 ** 32 }])).toThrow(RangeError);
    for (const name of ['', '/etc/passwd', '../x', 'a/../../x', 'a\\b', 'C:x', 'a\u0000b', 'a//b', 'dir/']) {
      expect(() => planZip([entry(name, 1)]), name).toThrow(/unsafe zip entry name/);
    }
    expect(() => planZip([entry('x'.repeat(70_000), 1)])).toThrow(RangeError);
    expect(planZip([entry('folder/a.jpg', 1)]).entryCount).toBe(1);
  });
});

describe('dosDateTime', () => {
  it('encodes UTC date and time in 2-second steps', () => {
    // 2026-11-22 09:41:07 UTC → seconds 07 stored as 3 (×2 = 06).
    expect(dosDateTime(AT)).toEqual({ date: (46 << 9) | (11 << 5) | 22, time: (9 << 11) | (41 << 5) | 3 });
  });

  it('clamps dates outside 1980–2107', () => {
    expect(dosDateTime(Date.UTC(1970, 0, 1))).toEqual({ date: (1 << 5) | 1, time: 0 });
    expect(dosDateTime(Number.NaN)).toEqual({ date: (1 << 5) | 1, time: 0 });
    expect(dosDateTime(Date.UTC(2200, 0, 1))).toEqual({
      date: (127 << 9) | (12 << 5) | 31,
      time: (23 << 11) | (59 << 5) | 29,
    });
  });
});
