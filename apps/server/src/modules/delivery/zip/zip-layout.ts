import {
  centralHeaderLength,
  dosDateTime,
  endRecordsLength,
  localHeaderLength,
  needsZip64End,
  unixSeconds,
  VERSION_PLAIN,
  VERSION_ZIP64,
  writeCentralHeader,
  writeEndRecords,
  writeLocalHeader,
  ZIP32_LIMIT,
  type EntryHeaderFields,
} from './zip-records.js';

/** One file of a bundle: its name in the zip and the facts recorded when its blob was ingested. */
export interface ZipEntry {
  name: string;
  size: number;
  /** CRC-32 of the content, as an unsigned number. */
  crc32: number;
  /** Modification time, epoch ms. */
  modifiedAt: number;
}

/**
 * Bytes of the zip that are known from the plan alone (headers, central directory, end records):
 * `buffer[bufferOffset .. bufferOffset + length - 1]`.
 */
export interface LiteralSegment {
  kind: 'literal';
  offset: number;
  length: number;
  buffer: Buffer;
  bufferOffset: number;
}

/** The content of entry `entryIndex`, which the stream reads from its blob. */
export interface EntrySegment {
  kind: 'entry';
  offset: number;
  length: number;
  entryIndex: number;
}

export type ZipSegment = LiteralSegment | EntrySegment;

export interface ZipPlan {
  /** Exact length of the zip: the Content-Length. */
  totalSize: number;
  /** Back to back, ascending offsets, covering 0..totalSize-1; empty entries have no segment. */
  segments: readonly ZipSegment[];
  entryCount: number;
  /** Whether any zip64 field or the zip64 end records are in the file. */
  zip64: boolean;
}

const MAX_NAME_BYTES = 0xffff;

/**
 * The complete byte layout of a zip of STORED entries, computed without reading any content:
 * every size and CRC-32 is known in advance, so each local header carries the final values and
 * no data descriptors are needed. Layout: per entry its local header then its content, then the
 * central directory, then (only where a count, size or offset overflows) the zip64 end record and
 * locator, then the end record. Pure and deterministic: the same entries give the same bytes,
 * which is what lets any range be produced on its own, in any request.
 *
 * All header bytes go into one zero-filled buffer, sized exactly, that the segments point into
 * (the central directory and end records are one segment: they are contiguous in the zip too).
 * A first version allocated one Buffer per header: 100,000 entries took 1.2 s of blocked event
 * loop, most of it allocating and collecting 200,000 small Buffers, and ~60 MB. Now: ~32 MB for
 * 100,000 entries (16 MB header bytes, 16 MB segment objects) in 0.3–0.5 s, and 15–25 ms for
 * 5,000 entries, on the 2-core dev machine under load. Nothing is concatenated or copied, and no
 * file content is held.
 */
export function planZip(entries: readonly ZipEntry[]): ZipPlan {
  // First pass: every header's fields, position and length.
  const fields = entries.map(headerFields);
  const headerOffsets = new Float64Array(entries.length);
  const zip64Sizes = fields.map((entry) => entry.size >= ZIP32_LIMIT);
  let offset = 0;
  let localHeadersLength = 0;
  let zip64 = false;
  fields.forEach((entry, index) => {
    if (zip64Sizes[index] || offset >= ZIP32_LIMIT) {
      entry.versionNeeded = VERSION_ZIP64;
      zip64 = true;
    }
    headerOffsets[index] = offset;
    const length = localHeaderLength(entry, zip64Sizes[index]!);
    localHeadersLength += length;
    offset += length + entry.size;
  });
  const directoryOffset = offset;
  let directoryLength = 0;
  fields.forEach((entry, index) => (directoryLength += centralHeaderLength(entry, headerOffsets[index]!)));
  const directory = { entryCount: entries.length, offset: directoryOffset, size: directoryLength };
  const totalSize = directoryOffset + directoryLength + endRecordsLength(directory);
  if (!Number.isSafeInteger(totalSize)) throw new RangeError('Zip is too large');

  // Second pass: write the headers, and the segments that point at them and at the contents.
  const buffer = Buffer.alloc(localHeadersLength + directoryLength + endRecordsLength(directory));
  const segments: ZipSegment[] = [];
  let at = 0;
  fields.forEach((entry, index) => {
    const headerOffset = headerOffsets[index]!;
    const end = writeLocalHeader(buffer, at, entry, zip64Sizes[index]!);
    segments.push({ kind: 'literal', offset: headerOffset, length: end - at, buffer, bufferOffset: at });
    if (entry.size > 0) {
      segments.push({
        kind: 'entry',
        offset: headerOffset + end - at,
        length: entry.size,
        entryIndex: index,
      });
    }
    at = end;
  });
  const tailStart = at;
  fields.forEach((entry, index) => (at = writeCentralHeader(buffer, at, entry, headerOffsets[index]!)));
  at = writeEndRecords(buffer, at, directory);
  if (at !== buffer.length) throw new Error(`Zip layout error: wrote ${at} of ${buffer.length} header bytes`);
  segments.push({
    kind: 'literal',
    offset: directoryOffset,
    length: at - tailStart,
    buffer,
    bufferOffset: tailStart,
  });
  return { totalSize, segments, entryCount: entries.length, zip64: zip64 || needsZip64End(directory) };
}

function headerFields(entry: ZipEntry, index: number): EntryHeaderFields {
  if (!Number.isSafeInteger(entry.size) || entry.size < 0) {
    throw new RangeError(`Entry ${index}: size must be a non-negative integer, got ${entry.size}`);
  }
  if (!Number.isInteger(entry.crc32) || entry.crc32 < 0 || entry.crc32 > 0xffffffff) {
    throw new RangeError(`Entry ${index}: crc32 must be an unsigned 32-bit integer, got ${entry.crc32}`);
  }
  assertSafeName(entry.name, index);
  const nameLength = Buffer.byteLength(entry.name, 'utf8');
  if (nameLength > MAX_NAME_BYTES) {
    throw new RangeError(`Entry ${index}: name longer than ${MAX_NAME_BYTES} bytes`);
  }
  return {
    name: entry.name,
    nameLength,
    crc32: entry.crc32,
    size: entry.size,
    when: dosDateTime(entry.modifiedAt),
    unixSeconds: unixSeconds(entry.modifiedAt),
    versionNeeded: VERSION_PLAIN,
  };
}

/**
 * Last line of defence against a "zip slip": names come from uniqueEntryNames, but a name that
 * could land outside the extraction folder must never reach a zip, whoever built the list.
 * Forward slashes (folders inside the zip) stay allowed.
 */
function assertSafeName(name: string, index: number): void {
  if (UNSAFE_NAME.test(name)) {
    throw new RangeError(`Entry ${index}: unsafe zip entry name ${JSON.stringify(name.slice(0, 200))}`);
  }
}

/**
 * Empty, absolute, a drive, a backslash, a control character, or an empty, "." or ".." part.
 * One regular expression: checked per entry of 100k-entry plans, it is the cheap form.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_NAME = /^$|^\/|^[A-Za-z]:|\\|[\u0000-\u001f\u007f]|(^|\/)\.{1,2}(\/|$)|\/\/|\/$/;
