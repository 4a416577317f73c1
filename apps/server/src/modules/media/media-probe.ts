import fsp from 'node:fs/promises';
import { MediaRejectionCodes } from '@mediabox/contract';
import sharp, { type Sharp } from 'sharp';
import { detectFormat, SNIFF_BYTES, type MediaFormat } from './media-format.js';
import { missingPictureData } from './raster-completeness.js';
import { MediaRejectedError, type MediaInfo } from './media-types.js';
import { readEpsInfo, readPdfInfo, type PageSize } from './vector-info.js';

/**
 * Larger images are refused from their header, before any pixel is decoded: a 30000×30000 PNG is
 * 109 KB on disk and 3.6 GB decoded. 100 MP covers any real packshot (a 60 MP camera is 9504×6336).
 */
export const MAX_PIXELS = 100_000_000;

/** Vector and document sizes are reported as rendered at this resolution (see MediaInfo). */
const REPORT_DPI = 300;

/**
 * What a file is, decided from its content. Throws MediaRejectedError with a translation-key code
 * for empty, unsupported, oversized and damaged files; never trusts the file name.
 *
 * Rasters are judged from the header and the file's structure, never by decoding pixels: that is
 * the renditions job's work, done once there (it refuses a source whose pixels fail to decode).
 */
export async function probeMedia(filePath: string): Promise<MediaInfo> {
  const head = await readHead(filePath);
  if (head.length === 0) throw new MediaRejectedError(MediaRejectionCodes.empty, 'The file is empty');
  const format = detectFormat(head);
  if (!format) {
    throw new MediaRejectedError(
      MediaRejectionCodes.unsupported,
      'The file is not a supported image, EPS or PDF',
    );
  }
  if (format.kind === 'raster') return probeRaster(filePath, format);
  if (format.kind === 'vector') return probeEps(filePath, format);
  return probePdf(filePath, format);
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const damaged = (detail: string) =>
  new MediaRejectedError(MediaRejectionCodes.damaged, `The file is damaged or incomplete (${detail})`);

async function probeRaster(
  filePath: string,
  format: Extract<MediaFormat, { kind: 'raster' }>,
): Promise<MediaInfo> {
  // Header only: with the limit off, libvips reads the dimensions without touching pixel data,
  // so the size check below runs in milliseconds whatever the file declares.
  const metadata = await sharp(filePath, { limitInputPixels: false })
    .metadata()
    .catch((err: unknown) => {
      throw damaged(errorText(err));
    });
  if (metadata.format !== format.format)
    throw damaged(`content says ${format.format}, decoder read ${metadata.format}`);
  const { width, height } = metadata;
  if (!width || !height) throw damaged('no dimensions');
  if (width * height > MAX_PIXELS) {
    throw new MediaRejectedError(
      MediaRejectionCodes.tooLarge,
      `The image is too large (${width}×${height} pixels, at most ${MAX_PIXELS / 1_000_000} megapixels)`,
    );
  }
  const missing = await missingPictureData(filePath, format.format);
  if (missing) throw damaged(missing);
  const upright = metadata.autoOrient ?? { width, height };
  return {
    kind: 'raster',
    mimeType: format.mimeType,
    format: format.format,
    bitDepth: BITS_OF_DEPTH[metadata.depth] ?? null,
    // The alpha band is the last one (grey + alpha has two, CMYK + alpha five).
    transparent: metadata.hasAlpha
      ? await hasTransparentPixels(filePath, (metadata.channels ?? 4) - 1)
      : false,
    width: upright.width,
    height: upright.height,
    dpiX: metadata.density ?? null,
    colorspace: metadata.space ?? null,
    // Multi-page TIFFs and animated GIFs say how many; for a single picture the count means nothing.
    pageCount: metadata.pages !== undefined && metadata.pages > 1 ? metadata.pages : null,
    hasAlpha: metadata.hasAlpha,
  };
}

/** libvips' band formats as bits per sample (palette PNGs are read as 8 bits, as libvips expands them). */
const BITS_OF_DEPTH: Partial<Record<string, number>> = {
  uchar: 8,
  char: 8,
  ushort: 16,
  short: 16,
  uint: 32,
  int: 32,
  float: 32,
  double: 64,
};

/**
 * Whether any pixel is less than fully opaque. The one decode of the probe, and only for pictures
 * that carry an alpha channel: an alpha channel alone says nothing (many tools save opaque PNGs with
 * one), and the importer files a really transparent picture as a cut-out (1300). Only the alpha
 * band is streamed out, in rows, and reading stops at the first pixel that is not opaque: ~10 ms
 * for a 1200 px cut-out (libvips' stats() took ~80 ms). 16-bit alpha is read scaled to 8 bits.
 * Damaged pixel data counts as transparent rather than failing here: the renditions job refuses
 * such a source.
 */
async function hasTransparentPixels(filePath: string, alphaBand: number): Promise<boolean> {
  let alpha: Sharp | undefined;
  try {
    alpha = sharp(filePath, { limitInputPixels: MAX_PIXELS, sequentialRead: true })
      // sharp's type names bands 0–3; it accepts 4 as well (CMYK + alpha), and throws beyond.
      .extractChannel(alphaBand as 3)
      .raw();
    for await (const chunk of alpha as AsyncIterable<Buffer>) {
      for (let index = 0; index < chunk.length; index += 1) if (chunk[index]! < 255) return true;
    }
    return false;
  } catch {
    return true;
  } finally {
    alpha?.destroy();
  }
}

async function probeEps(
  filePath: string,
  format: Extract<MediaFormat, { kind: 'vector' }>,
): Promise<MediaInfo> {
  const eps = await readEpsInfo(filePath);
  if (!eps) throw damaged('EPS without a bounding box');
  return {
    kind: 'vector',
    mimeType: format.mimeType,
    format: format.format,
    bitDepth: null,
    transparent: false,
    ...reportedSize(eps),
    dpiX: null,
    colorspace: eps.colorspace,
    pageCount: 1,
    hasAlpha: false,
  };
}

async function probePdf(
  filePath: string,
  format: Extract<MediaFormat, { kind: 'document' }>,
): Promise<MediaInfo> {
  // PDFium refuses a bad PDF with media.errors.damaged itself; any other error (it could not start) is ours.
  const pdf = await readPdfInfo(filePath);
  return {
    kind: 'document',
    mimeType: format.mimeType,
    format: format.format,
    bitDepth: null,
    transparent: false,
    ...reportedSize(pdf),
    dpiX: null,
    colorspace: null,
    pageCount: pdf.pageCount,
    hasAlpha: false,
  };
}

const reportedSize = (size: PageSize) => ({
  width: Math.round((size.widthPt / 72) * REPORT_DPI),
  height: Math.round((size.heightPt / 72) * REPORT_DPI),
});

const errorText = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
