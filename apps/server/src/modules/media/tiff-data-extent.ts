import type { PositionalReader } from './positional-reader.js';

/**
 * A TIFF says where its pixel data lies: strip (or tile) offsets and byte counts in each image file
 * directory (IFD). A file cut short leaves them pointing past its end. libvips reports none of
 * this, so the IFDs are read here, just far enough to check those extents (classic and BigTIFF).
 *
 * Answers what lies beyond the end, or undefined when every strip and tile is inside the file.
 */
export async function tiffDataBeyondEnd(reader: PositionalReader): Promise<string | undefined> {
  const header = await reader.read(0, 16);
  if (header.length < 8) return 'TIFF without its header';
  const layout = tiffLayout(header);
  let ifdOffset = layout.firstIfd;
  const seen = new Set<number>();
  for (let index = 0; ifdOffset !== 0 && index < MAX_IFDS; index += 1) {
    if (seen.has(ifdOffset)) return undefined; // a loop in the chain; libvips reads the first pages
    seen.add(ifdOffset);
    if (ifdOffset + layout.countBytes > reader.size) return `IFD ${index} lies beyond the end of the file`;
    const ifd = await readIfd(reader, layout, ifdOffset);
    if (!ifd) return `IFD ${index} is cut off`;
    const offsets = ifd.entries.get(TAG.stripOffsets) ?? ifd.entries.get(TAG.tileOffsets);
    const counts = ifd.entries.get(TAG.stripByteCounts) ?? ifd.entries.get(TAG.tileByteCounts);
    if (offsets && counts) {
      const starts = await readValues(reader, layout, offsets);
      const lengths = await readValues(reader, layout, counts);
      if (!starts || !lengths) return `the data table of IFD ${index} is cut off`;
      for (let i = 0; i < Math.min(starts.length, lengths.length); i += 1) {
        const end = starts[i]! + lengths[i]!;
        if (end > reader.size)
          return `image ${index}'s data ends at byte ${end}, the file has ${reader.size}`;
      }
    }
    ifdOffset = ifd.next;
  }
  return undefined;
}

/** Multi-page files are checked this far; libvips renders the first page. */
const MAX_IFDS = 64;

/** A 100 MP image stored one row per strip has 100,000 strips: 800 KB of LONG8 offsets. */
const MAX_TABLE_BYTES = 8 * 1024 * 1024;
/** Real IFDs have a few dozen entries; a classic TIFF cannot have more than 65,535. */
const MAX_ENTRIES = 65_535;

const TAG = { stripOffsets: 273, stripByteCounts: 279, tileOffsets: 324, tileByteCounts: 325 } as const;
const WANTED_TAGS = new Set<number>(Object.values(TAG));

/** Sizes of the value types offsets and counts use: SHORT, LONG, LONG8. */
const TYPE_BYTES: Record<number, number> = { 3: 2, 4: 4, 16: 8 };

interface TiffLayout {
  littleEndian: boolean;
  big: boolean;
  firstIfd: number;
  /** Bytes of an IFD's entry count, of one entry, of an inline value or offset. */
  countBytes: number;
  entryBytes: number;
  valueBytes: number;
}

interface Entry {
  type: number;
  count: number;
  /** The value field's position in the file: the values themselves when they fit, else their offset. */
  fieldAt: number;
}

function tiffLayout(header: Buffer): TiffLayout {
  const littleEndian = header[0] === 0x49;
  const big = (littleEndian ? header.readUInt16LE(2) : header.readUInt16BE(2)) === 43;
  const u32 = (at: number) => (littleEndian ? header.readUInt32LE(at) : header.readUInt32BE(at));
  const u64 = (at: number) => Number(littleEndian ? header.readBigUInt64LE(at) : header.readBigUInt64BE(at));
  return big
    ? {
        littleEndian,
        big,
        firstIfd: header.length >= 16 ? u64(8) : 0,
        countBytes: 8,
        entryBytes: 20,
        valueBytes: 8,
      }
    : { littleEndian, big, firstIfd: u32(4), countBytes: 2, entryBytes: 12, valueBytes: 4 };
}

function unsigned(buffer: Buffer, at: number, bytes: number, littleEndian: boolean): number {
  if (bytes === 2) return littleEndian ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at);
  if (bytes === 4) return littleEndian ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at);
  return Number(littleEndian ? buffer.readBigUInt64LE(at) : buffer.readBigUInt64BE(at));
}

async function readIfd(
  reader: PositionalReader,
  layout: TiffLayout,
  offset: number,
): Promise<{ entries: Map<number, Entry>; next: number } | undefined> {
  const { littleEndian, countBytes, entryBytes, valueBytes } = layout;
  const count = unsigned(await reader.read(offset, countBytes), 0, countBytes, littleEndian);
  if (count > MAX_ENTRIES) return undefined;
  const tableBytes = count * entryBytes + valueBytes;
  const table = await reader.read(offset + countBytes, tableBytes);
  if (table.length < tableBytes) return undefined;
  const entries = new Map<number, Entry>();
  for (let i = 0; i < count; i += 1) {
    const at = i * entryBytes;
    const tag = unsigned(table, at, 2, littleEndian);
    if (!WANTED_TAGS.has(tag)) continue;
    entries.set(tag, {
      type: unsigned(table, at + 2, 2, littleEndian),
      count: unsigned(table, at + 4, valueBytes, littleEndian),
      fieldAt: offset + countBytes + at + 4 + valueBytes,
    });
  }
  return { entries, next: unsigned(table, count * entryBytes, valueBytes, littleEndian) };
}

/** The entry's values as numbers, or undefined when they are not all in the file. */
async function readValues(
  reader: PositionalReader,
  layout: TiffLayout,
  entry: Entry,
): Promise<number[] | undefined> {
  const size = TYPE_BYTES[entry.type];
  const bytes = (size ?? 0) * entry.count;
  // An unknown type or an absurd table is left to the decoder rather than read into memory.
  if (!size || bytes > MAX_TABLE_BYTES) return [];
  let at = entry.fieldAt;
  if (bytes > layout.valueBytes) {
    at = unsigned(
      await reader.read(entry.fieldAt, layout.valueBytes),
      0,
      layout.valueBytes,
      layout.littleEndian,
    );
  }
  const data = await reader.read(at, bytes);
  if (data.length < bytes) return undefined;
  return Array.from({ length: entry.count }, (_, i) => unsigned(data, i * size, size, layout.littleEndian));
}
