import fsp from 'node:fs/promises';
import { DOS_EPS_MAGIC } from './media-format.js';
import { pdfium, type PdfInfo } from './pdfium.js';

export type { PdfInfo } from './pdfium.js';

/** Page or bounding-box size in PostScript points (1/72 inch). */
export interface PageSize {
  widthPt: number;
  heightPt: number;
}

export interface EpsInfo extends PageSize {
  colorspace: 'cmyk' | 'srgb' | null;
}

/** Only this much of an EPS is read for its DSC comments and colour operators. */
const SCAN_BYTES = 1024 * 1024;

/**
 * Reads an EPS file's bounding box (`%%HiResBoundingBox`, else `%%BoundingBox`) and guesses its
 * colour space from the operators it uses. Undefined when there is no usable bounding box: an EPS
 * without one is broken (EPSF requires it, and -dEPSCrop crops to it).
 */
export async function readEpsInfo(filePath: string): Promise<EpsInfo | undefined> {
  const postscript = await readPostScriptSection(filePath);
  const text = postscript.toString('latin1');
  const box = boundingBox(text, '%%HiResBoundingBox:') ?? boundingBox(text, '%%BoundingBox:');
  if (!box) return undefined;
  const cmyk = /\bsetcmykcolor\b|%%DocumentProcessColors:|%%CMYKCustomColor:|\/DeviceCMYK\b/.test(text);
  const rgb = /\bsetrgbcolor\b|\/DeviceRGB\b/.test(text);
  return { ...box, colorspace: cmyk ? 'cmyk' : rgb ? 'srgb' : null };
}

/** The PostScript part: the whole file, or for a DOS EPS binary the section its header points to. */
async function readPostScriptSection(filePath: string): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const header = Buffer.alloc(12);
    await handle.read(header, 0, 12, 0);
    let start = 0;
    let length = (await handle.stat()).size;
    if (header.subarray(0, 4).equals(DOS_EPS_MAGIC)) {
      start = header.readUInt32LE(4);
      length = Math.min(header.readUInt32LE(8), length - start);
    }
    const head = Buffer.alloc(Math.max(0, Math.min(length, SCAN_BYTES)));
    const { bytesRead } = await handle.read(head, 0, head.length, start);
    // `%%BoundingBox: (atend)` puts the box in the trailer: read the tail as well.
    if (length > SCAN_BYTES) {
      const tail = Buffer.alloc(64 * 1024);
      const read = await handle.read(tail, 0, tail.length, start + length - tail.length);
      return Buffer.concat([head.subarray(0, bytesRead), tail.subarray(0, read.bytesRead)]);
    }
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function boundingBox(text: string, comment: string): PageSize | undefined {
  const pattern = new RegExp(`^${comment}\\s*(-?[\\d.]+)\\s+(-?[\\d.]+)\\s+(-?[\\d.]+)\\s+(-?[\\d.]+)`, 'gm');
  for (const match of text.matchAll(pattern)) {
    const [x0, y0, x1, y1] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const widthPt = x1 - x0;
    const heightPt = y1 - y0;
    if (widthPt > 0 && heightPt > 0 && Number.isFinite(widthPt + heightPt)) return { widthPt, heightPt };
  }
  return undefined;
}

/** Page count and the size of page 1 (rotation applied), read by PDFium in its worker thread. */
export function readPdfInfo(filePath: string): Promise<PdfInfo> {
  return pdfium.info(filePath);
}
