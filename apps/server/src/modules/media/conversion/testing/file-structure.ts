/**
 * Tiny readers of the bytes the encoders wrote, for tests: a second opinion besides sharp's
 * metadata (which reads through the same libvips that wrote the file). They read only what the
 * conversion tests check and refuse anything else.
 */

export interface TiffFacts {
  /** 2 = RGB, 5 = separated (CMYK), 1 = black is zero. */
  photometric: number;
  samplesPerPixel: number;
  /** Pixels per unit; unit 2 = inch, 3 = centimetre. */
  xResolution: number;
  yResolution: number;
  resolutionUnit: number;
  /** Length of the embedded ICC profile (tag 34675), 0 when none. */
  iccBytes: number;
}

/** Reads the first IFD of a classic TIFF (either byte order). */
export function readTiffFacts(file: Buffer): TiffFacts {
  const order = file.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new Error('not a TIFF');
  const little = order === 'II';
  const u16 = (at: number) => (little ? file.readUInt16LE(at) : file.readUInt16BE(at));
  const u32 = (at: number) => (little ? file.readUInt32LE(at) : file.readUInt32BE(at));
  if (u16(2) !== 42) throw new Error('not a classic TIFF');
  const ifd = u32(4);
  const tags = new Map<number, { type: number; count: number; valueAt: number }>();
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    tags.set(u16(entry), { type: u16(entry + 2), count: u32(entry + 4), valueAt: entry + 8 });
  }
  const short = (tag: number, fallback: number) => {
    const found = tags.get(tag);
    return found ? u16(found.valueAt) : fallback;
  };
  const rational = (tag: number) => {
    const found = tags.get(tag);
    if (!found) return 0;
    const at = u32(found.valueAt);
    return u32(at) / u32(at + 4);
  };
  return {
    photometric: short(262, -1),
    samplesPerPixel: short(277, 1),
    xResolution: rational(282),
    yResolution: rational(283),
    resolutionUnit: short(296, 2),
    iccBytes: tags.get(34675)?.count ?? 0,
  };
}

export interface JpegFacts {
  /** Components in the frame header: 1 grey, 3 YCbCr, 4 CMYK/YCCK. */
  components: number;
  width: number;
  height: number;
  /** JFIF APP0 density, when there is one: unit 1 = dpi. */
  jfif?: { unit: number; x: number; y: number };
  /** Adobe APP14 is there (it marks CMYK JPEGs and their transform). */
  adobe: boolean;
  /** Bytes of ICC profile in APP2 ICC_PROFILE chunks. */
  iccBytes: number;
  /** X/YResolution of the EXIF APP1 block (a TIFF structure), when there is one: unit 2 = inch. */
  exifDensity?: { x: number; y: number; unit: number };
}

/** Walks a JPEG's markers up to the start of scan. */
export function readJpegFacts(file: Buffer): JpegFacts {
  if (file.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  const facts: JpegFacts = { components: 0, width: 0, height: 0, adobe: false, iccBytes: 0 };
  let at = 2;
  while (at + 4 <= file.length) {
    if (file[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = file[at + 1]!;
    if (marker === 0xda) break;
    const length = file.readUInt16BE(at + 2);
    const body = at + 4;
    if (marker === 0xe0 && file.toString('latin1', body, body + 5) === 'JFIF\0') {
      facts.jfif = { unit: file[body + 7]!, x: file.readUInt16BE(body + 8), y: file.readUInt16BE(body + 10) };
    } else if (marker === 0xe1 && file.toString('latin1', body, body + 6) === 'Exif\0\0') {
      const exif = readTiffFacts(file.subarray(body + 6, body + length - 2));
      facts.exifDensity = { x: exif.xResolution, y: exif.yResolution, unit: exif.resolutionUnit };
    } else if (marker === 0xee && file.toString('latin1', body, body + 5) === 'Adobe') {
      facts.adobe = true;
    } else if (marker === 0xe2 && file.toString('latin1', body, body + 12) === 'ICC_PROFILE\0') {
      facts.iccBytes += length - 2 - 14;
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      facts.height = file.readUInt16BE(body + 1);
      facts.width = file.readUInt16BE(body + 3);
      facts.components = file[body + 5]!;
    }
    at = body + length - 2;
  }
  return facts;
}

/** The data colour space an ICC profile's header declares ('RGB ', 'CMYK', 'GRAY'). */
export function iccColourSpace(profile: Buffer): string {
  return profile.toString('latin1', 16, 20);
}

/** PNG pHYs: pixels per metre on each axis (unit 1 = metre), or undefined without the chunk. */
export function readPngPhys(file: Buffer): { x: number; y: number; unit: number } | undefined {
  let at = 8;
  while (at + 8 <= file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs') {
      return { x: file.readUInt32BE(at + 8), y: file.readUInt32BE(at + 12), unit: file[at + 16]! };
    }
    if (type === 'IDAT') return undefined;
    at += 12 + length;
  }
  return undefined;
}
