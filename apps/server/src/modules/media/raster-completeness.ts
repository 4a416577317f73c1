import fsp from 'node:fs/promises';
import { PositionalReader } from './positional-reader.js';
import type { MediaFormat } from './media-format.js';
import { tiffDataBeyondEnd } from './tiff-data-extent.js';

/**
 * Is the end of the picture's data in the file? An upload cut short keeps a perfect header, and
 * decoding every pixel to notice would cost more than the rendition itself, so ingest reads the
 * file's structure instead: the end marker of a JPEG, PNG or GIF, the RIFF size of a WebP, the strip
 * and tile extents of a TIFF. Damage inside the data (a cut file given a new end marker, flipped
 * bytes) only a decode can see: the renditions job decodes with failOn 'error' and refuses the source.
 *
 * Answers why the file is incomplete, or undefined when its structure is whole.
 */
export async function missingPictureData(
  filePath: string,
  format: Extract<MediaFormat, { kind: 'raster' }>['format'],
): Promise<string | undefined> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const reader = new PositionalReader(handle, (await handle.stat()).size);
    switch (format) {
      case 'jpeg':
        return (await jpegReachesEndOfImage(reader)) ? undefined : 'JPEG without its end-of-image marker';
      case 'png':
        return (await pngReachesEnd(reader)) ? undefined : 'PNG without its IEND chunk';
      case 'gif':
        return (await gifEndsWithTrailer(reader)) ? undefined : 'GIF without its trailer';
      case 'webp':
        return await webpFitsRiffSize(reader);
      case 'tiff':
        return await tiffDataBeyondEnd(reader);
    }
  } finally {
    await handle.close();
  }
}

/** How far back from the end the quick checks look (end markers followed by a little padding). */
const TAIL_BYTES = 4096;

/** Bytes some writers and transfers append after the end marker. */
const isPadding = (byte: number): boolean =>
  byte === 0x00 || byte === 0xff || byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The tail without trailing padding. */
async function trimmedTail(reader: PositionalReader): Promise<Buffer> {
  const tail = await reader.tail(TAIL_BYTES);
  let end = tail.length;
  while (end > 0 && isPadding(tail[end - 1]!)) end -= 1;
  return tail.subarray(0, end);
}

const JPEG_EOI = Buffer.from([0xff, 0xd9]);

/**
 * Usually the file ends with FF D9 (maybe padded). Otherwise something follows the picture (a
 * phone's motion-photo video, a maker trailer), or it is cut: walk the markers from the start,
 * skipping segments by their length and entropy-coded data up to its next marker, until EOI.
 */
async function jpegReachesEndOfImage(reader: PositionalReader): Promise<boolean> {
  // FF D9 cannot occur inside entropy-coded data (an FF there is followed by 00 or a restart marker).
  if ((await trimmedTail(reader)).subarray(-2).equals(JPEG_EOI)) return true;
  return jpegWalkFindsEndOfImage(reader);
}

const CHUNK_BYTES = 1 << 20;

async function jpegWalkFindsEndOfImage(reader: PositionalReader): Promise<boolean> {
  let position = 2; // after SOI
  while (position + 2 <= reader.size) {
    const head = await reader.read(position, 4);
    if (head[0] !== 0xff) return false; // not a marker where one must be: the structure is broken
    const marker = head[1]!;
    if (marker === 0xff) {
      position += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) return true;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2; // markers without a length
      continue;
    }
    if (head.length < 4) return false;
    position += 2 + head.readUInt16BE(2);
    // After a start of scan come entropy-coded bytes, where FF is always followed by 00 or a restart marker.
    if (marker === 0xda) position = await nextJpegMarker(reader, position);
  }
  return false;
}

/** Position of the next marker other than a stuffed FF 00 or a restart marker, or the file size. */
async function nextJpegMarker(reader: PositionalReader, from: number): Promise<number> {
  let position = from;
  while (position < reader.size) {
    const chunk = await reader.read(position, CHUNK_BYTES);
    let at = chunk.indexOf(0xff);
    while (at !== -1 && at + 1 < chunk.length) {
      const next = chunk[at + 1]!;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) return position + at;
      at = chunk.indexOf(0xff, at + 1);
    }
    // Nothing in this chunk, or an FF as its last byte: go on from there so the pair is read whole.
    position += at === -1 ? chunk.length : Math.max(at, 1);
  }
  return reader.size;
}

/** The IEND chunk always has length 0 and the same CRC. */
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** IEND near the end; otherwise walk the chunks (length, type, data, CRC) from the signature on. */
async function pngReachesEnd(reader: PositionalReader): Promise<boolean> {
  if ((await reader.tail(TAIL_BYTES)).includes(PNG_IEND)) return true;
  let position = 8;
  while (position + 8 <= reader.size) {
    const header = await reader.read(position, 8);
    if (header.toString('latin1', 4, 8) === 'IEND') return true;
    position += 12 + header.readUInt32BE(0);
  }
  return false;
}

async function gifEndsWithTrailer(reader: PositionalReader): Promise<boolean> {
  return (await trimmedTail(reader)).at(-1) === 0x3b;
}

/** A WebP is one RIFF chunk: its declared size must be in the file. */
async function webpFitsRiffSize(reader: PositionalReader): Promise<string | undefined> {
  const header = await reader.read(0, 8);
  if (header.length < 8) return 'WebP without its RIFF header';
  const declared = header.readUInt32LE(4) + 8;
  return declared > reader.size ? `WebP declares ${declared} bytes, the file has ${reader.size}` : undefined;
}
