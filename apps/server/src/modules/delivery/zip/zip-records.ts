/**
 * The binary records of a zip file (PKWARE APPNOTE 6.3), as the bundle writer uses them: STORED
 * entries whose CRC-32 and size are known before the first byte, so no data descriptors. Every
 * multi-byte field is little-endian. Sizes and offsets are JavaScript numbers: exact up to 2^53,
 * far beyond any bundle, and written as 64-bit fields where zip64 needs them.
 */

/** A 32-bit size or offset field holding this value means "the real value is in the zip64 field". */
export const ZIP32_LIMIT = 0xffffffff;
/** The same for 16-bit entry counts in the end of central directory record. */
export const ENTRY_COUNT_LIMIT = 0xffff;

/** "Version needed to extract": 2.0 for plain stored files, 4.5 once a zip64 field is used. */
export const VERSION_PLAIN = 20;
export const VERSION_ZIP64 = 45;
/**
 * "Version made by": high byte 3 = Unix, so that extractors apply the permission bits of the
 * external attributes (rw-r--r--) instead of leaving files without read rights for others.
 */
const MADE_BY_UNIX = 3 << 8;
const UNIX_REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

/** General purpose bit 11: file names are UTF-8 (GS1 names and translated names have umlauts). */
const FLAG_UTF8 = 0x0800;
const METHOD_STORED = 0;

const SIG_LOCAL_HEADER = 0x04034b50;
const SIG_CENTRAL_HEADER = 0x02014b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_END = 0x06054b50;

const TAG_ZIP64 = 0x0001;
/** Info-ZIP "extended timestamp": the modification time as UTC Unix seconds (see dosDateTime). */
const TAG_EXTENDED_TIME = 0x5455;

export const LOCAL_HEADER_FIXED = 30;
export const CENTRAL_HEADER_FIXED = 46;
export const ZIP64_END_RECORD_SIZE = 56;
export const ZIP64_LOCATOR_SIZE = 20;
export const END_RECORD_SIZE = 22;

export interface DosDateTime {
  date: number;
  time: number;
}

/**
 * MS-DOS date and time of `epochMs`, taken in UTC. DOS time has no time zone (readers show it as
 * local time), 2-second steps and the years 1980–2107; earlier or later dates are clamped. The
 * extended timestamp field written next to it carries the exact UTC time for the extractors that
 * read it (Info-ZIP unzip, 7-Zip, libarchive, Python), so UTC here only shows for the others.
 */
export function dosDateTime(epochMs: number): DosDateTime {
  const at = new Date(epochMs);
  const year = at.getUTCFullYear();
  if (!Number.isFinite(epochMs) || year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

/** Unix seconds for the extended timestamp field, or undefined outside its signed 32-bit range. */
export function unixSeconds(epochMs: number): number | undefined {
  if (!Number.isFinite(epochMs)) return undefined;
  const seconds = Math.floor(epochMs / 1000);
  return seconds >= 0 && seconds <= 0x7fffffff ? seconds : undefined;
}

/** What a local header and its central directory header share. */
export interface EntryHeaderFields {
  name: string;
  /** UTF-8 length of the name. */
  nameLength: number;
  crc32: number;
  size: number;
  when: DosDateTime;
  unixSeconds: number | undefined;
  versionNeeded: number;
}

function extendedTimeLength(fields: EntryHeaderFields): number {
  return fields.unixSeconds === undefined ? 0 : 9;
}

function writeExtendedTime(target: Buffer, at: number, seconds: number): number {
  target.writeUInt16LE(TAG_EXTENDED_TIME, at);
  target.writeUInt16LE(5, at + 2);
  target.writeUInt8(1, at + 4); // flags: modification time present
  target.writeUInt32LE(seconds, at + 5);
  return at + 9;
}

/**
 * The headers are written into a zero-filled buffer shared by all entries (see planZip), at
 * `at`; each writer returns the position after what it wrote.
 */
function writeName(target: Buffer, at: number, fields: EntryHeaderFields): number {
  return at + target.write(fields.name, at, fields.nameLength, 'utf8');
}

/**
 * Length of the local header of an entry; `zip64Sizes` when the size needs 64 bits (a local
 * header has no offset field, so an entry that only starts beyond 4 GiB needs no zip64 field here).
 */
export function localHeaderLength(fields: EntryHeaderFields, zip64Sizes: boolean): number {
  return LOCAL_HEADER_FIXED + fields.nameLength + (zip64Sizes ? 20 : 0) + extendedTimeLength(fields);
}

export function writeLocalHeader(
  target: Buffer,
  at: number,
  fields: EntryHeaderFields,
  zip64Sizes: boolean,
): number {
  const size32 = zip64Sizes ? ZIP32_LIMIT : fields.size;
  target.writeUInt32LE(SIG_LOCAL_HEADER, at);
  target.writeUInt16LE(fields.versionNeeded, at + 4);
  target.writeUInt16LE(FLAG_UTF8, at + 6);
  target.writeUInt16LE(METHOD_STORED, at + 8);
  target.writeUInt16LE(fields.when.time, at + 10);
  target.writeUInt16LE(fields.when.date, at + 12);
  target.writeUInt32LE(fields.crc32, at + 14);
  target.writeUInt32LE(size32, at + 18); // compressed size (STORED: the same)
  target.writeUInt32LE(size32, at + 22); // uncompressed size
  target.writeUInt16LE(fields.nameLength, at + 26);
  target.writeUInt16LE(
    localHeaderLength(fields, zip64Sizes) - LOCAL_HEADER_FIXED - fields.nameLength,
    at + 28,
  );
  let next = writeName(target, at + LOCAL_HEADER_FIXED, fields);
  if (zip64Sizes) {
    // In a local header the zip64 field holds both sizes, always in this order (APPNOTE 4.5.3).
    target.writeUInt16LE(TAG_ZIP64, next);
    target.writeUInt16LE(16, next + 2);
    target.writeBigUInt64LE(BigInt(fields.size), next + 4);
    target.writeBigUInt64LE(BigInt(fields.size), next + 12);
    next += 20;
  }
  if (fields.unixSeconds !== undefined) next = writeExtendedTime(target, next, fields.unixSeconds);
  return next;
}

/** The values of a central header's zip64 field: only those whose 32-bit field overflowed. */
function centralZip64Values(fields: EntryHeaderFields, localHeaderOffset: number): number[] {
  const values = fields.size >= ZIP32_LIMIT ? [fields.size, fields.size] : [];
  if (localHeaderOffset >= ZIP32_LIMIT) values.push(localHeaderOffset);
  return values;
}

export function centralHeaderLength(fields: EntryHeaderFields, localHeaderOffset: number): number {
  const zip64Values = centralZip64Values(fields, localHeaderOffset).length;
  return (
    CENTRAL_HEADER_FIXED +
    fields.nameLength +
    (zip64Values > 0 ? 4 + 8 * zip64Values : 0) +
    extendedTimeLength(fields)
  );
}

/**
 * A central directory header. Its zip64 field holds only the values whose 32-bit field
 * overflowed, in the order uncompressed size, compressed size, local header offset.
 */
export function writeCentralHeader(
  target: Buffer,
  at: number,
  fields: EntryHeaderFields,
  localHeaderOffset: number,
): number {
  const zip64Values = centralZip64Values(fields, localHeaderOffset);
  const size32 = fields.size >= ZIP32_LIMIT ? ZIP32_LIMIT : fields.size;
  target.writeUInt32LE(SIG_CENTRAL_HEADER, at);
  target.writeUInt16LE(MADE_BY_UNIX | fields.versionNeeded, at + 4);
  target.writeUInt16LE(fields.versionNeeded, at + 6);
  target.writeUInt16LE(FLAG_UTF8, at + 8);
  target.writeUInt16LE(METHOD_STORED, at + 10);
  target.writeUInt16LE(fields.when.time, at + 12);
  target.writeUInt16LE(fields.when.date, at + 14);
  target.writeUInt32LE(fields.crc32, at + 16);
  target.writeUInt32LE(size32, at + 20);
  target.writeUInt32LE(size32, at + 24);
  target.writeUInt16LE(fields.nameLength, at + 28);
  target.writeUInt16LE(
    centralHeaderLength(fields, localHeaderOffset) - CENTRAL_HEADER_FIXED - fields.nameLength,
    at + 30,
  );
  // 32 comment length, 34 disk number start, 36 internal attributes: 0 in the zero-filled buffer.
  target.writeUInt32LE(UNIX_REGULAR_FILE_0644, at + 38);
  target.writeUInt32LE(Math.min(localHeaderOffset, ZIP32_LIMIT), at + 42);
  let next = writeName(target, at + CENTRAL_HEADER_FIXED, fields);
  if (zip64Values.length > 0) {
    target.writeUInt16LE(TAG_ZIP64, next);
    target.writeUInt16LE(8 * zip64Values.length, next + 2);
    next += 4;
    for (const value of zip64Values) {
      target.writeBigUInt64LE(BigInt(value), next);
      next += 8;
    }
  }
  if (fields.unixSeconds !== undefined) next = writeExtendedTime(target, next, fields.unixSeconds);
  return next;
}

export interface CentralDirectory {
  entryCount: number;
  offset: number;
  size: number;
}

/** Whether the central directory needs the zip64 end records (a 16- or 32-bit field overflows). */
export function needsZip64End(directory: CentralDirectory): boolean {
  // 0xFFFF and 0xFFFFFFFF themselves are the "look in zip64" markers, so they overflow too.
  return (
    directory.entryCount >= ENTRY_COUNT_LIMIT ||
    directory.offset >= ZIP32_LIMIT ||
    directory.size >= ZIP32_LIMIT
  );
}

export function endRecordsLength(directory: CentralDirectory): number {
  return (needsZip64End(directory) ? ZIP64_END_RECORD_SIZE + ZIP64_LOCATOR_SIZE : 0) + END_RECORD_SIZE;
}

/**
 * The tail after the central directory: with zip64, the zip64 end of central directory record and
 * its locator, then always the classic end record, whose overflowing fields say "see zip64".
 */
export function writeEndRecords(buffer: Buffer, start: number, directory: CentralDirectory): number {
  const zip64 = needsZip64End(directory);
  let at = start;
  if (zip64) {
    const recordOffset = directory.offset + directory.size;
    buffer.writeUInt32LE(SIG_ZIP64_END, at);
    buffer.writeBigUInt64LE(BigInt(ZIP64_END_RECORD_SIZE - 12), at + 4); // size of the rest of the record
    buffer.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, at + 12);
    buffer.writeUInt16LE(VERSION_ZIP64, at + 14);
    buffer.writeUInt32LE(0, at + 16); // this disk
    buffer.writeUInt32LE(0, at + 20); // disk with the central directory
    buffer.writeBigUInt64LE(BigInt(directory.entryCount), at + 24); // entries on this disk
    buffer.writeBigUInt64LE(BigInt(directory.entryCount), at + 32); // entries in total
    buffer.writeBigUInt64LE(BigInt(directory.size), at + 40);
    buffer.writeBigUInt64LE(BigInt(directory.offset), at + 48);
    at += ZIP64_END_RECORD_SIZE;
    buffer.writeUInt32LE(SIG_ZIP64_LOCATOR, at);
    buffer.writeUInt32LE(0, at + 4); // disk with the zip64 end record
    buffer.writeBigUInt64LE(BigInt(recordOffset), at + 8);
    buffer.writeUInt32LE(1, at + 16); // total number of disks
    at += ZIP64_LOCATOR_SIZE;
  }
  const count16 = Math.min(directory.entryCount, ENTRY_COUNT_LIMIT);
  buffer.writeUInt32LE(SIG_END, at);
  buffer.writeUInt16LE(0, at + 4); // this disk
  buffer.writeUInt16LE(0, at + 6); // disk with the central directory
  buffer.writeUInt16LE(count16, at + 8);
  buffer.writeUInt16LE(count16, at + 10);
  buffer.writeUInt32LE(Math.min(directory.size, ZIP32_LIMIT), at + 12);
  buffer.writeUInt32LE(Math.min(directory.offset, ZIP32_LIMIT), at + 16);
  buffer.writeUInt16LE(0, at + 20); // comment length
  return at + END_RECORD_SIZE;
}
