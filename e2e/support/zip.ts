/**
 * Reads the entry names of a zip from its central directory (zip64 included), so a test can check
 * what a bundle holds without an unzip library. Throws when the bytes are not a well-formed zip.
 */
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export function zipEntryNames(zip: Buffer): string[] {
  if (zip.length < 22 || zip.readUInt32LE(0) !== LOCAL_HEADER) throw new Error('not a zip: no local header');
  // The end record is at most 22 bytes plus a 64 KiB comment from the end.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  let count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (zip.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new Error('zip64 values without a zip64 locator');
    const record = Number(zip.readBigUInt64LE(locator + 8));
    if (zip.readUInt32LE(record) !== ZIP64_EOCD) throw new Error('zip64 locator points to no zip64 record');
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_HEADER) throw new Error(`bad central header ${index}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * The bytes of a stored (uncompressed) entry, found by name through the central directory and its
 * local header. Bundles store every entry as is, so this is the file as delivered.
 */
export function zipEntryBytes(zip: Buffer, name: string): Buffer {
  const index = zipEntryNames(zip).indexOf(name);
  if (index < 0) throw new Error(`no entry ${name}`);
  // Walk the central directory again to the entry (the names above came from the same walk).
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== EOCD) end -= 1;
  let offset = zip.readUInt32LE(end + 16);
  for (let skipped = 0; skipped < index; skipped += 1) {
    offset +=
      46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  const size = zip.readUInt32LE(offset + 20);
  const local = zip.readUInt32LE(offset + 42);
  if (size === 0xffffffff || local === 0xffffffff) throw new Error('zip64 entries are not read here');
  if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`bad local header for ${name}`);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  return zip.subarray(start, start + size);
}
