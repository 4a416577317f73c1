import fsp from 'node:fs/promises';
import { MediaRejectionCodes } from '@mediabox/contract';
import sharp from 'sharp';
import { epsPlaceholderRenditions } from './eps-placeholder.js';
import { ghostscriptInstalled } from './ghostscript-availability.js';
import { withRenderedPage } from './ghostscript.js';
import { jpegShrinkFactor, withShrinkOnLoad } from './jpeg-shrink-on-load.js';
import { MAX_PIXELS } from './media-probe.js';
import { decodeRenderedPage } from './page-pixels.js';
import { pdfium, PdfiumUnavailableError } from './pdfium.js';
import { MediaRejectedError, RENDITION_SIZES, type MediaInfo, type Rendition } from './media-types.js';

const JPEG_QUALITY = { thumb: 80, preview: 85 } as const;

/** Decoded pixels: 8-bit sRGB, 3 channels, upright, at most preview size. */
interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Thumbnail and preview of a probed file as sRGB JPEGs. The source is decoded exactly once, straight
 * into preview size; the thumbnail is made from those pixels. Decoding is the expensive part (a
 * 50 MP TIFF takes far longer to decode than to encode two JPEGs), so each further size is nearly free.
 */
export async function renderRenditions(
  filePath: string,
  info: MediaInfo,
  options: { ghostscript?: boolean } = {},
): Promise<Rendition[]> {
  await fsp.access(filePath); // a missing file is our fault, not a damaged upload
  // EPS needs Ghostscript; without it the EPS gets a placeholder card, replaced at a start with it.
  if (info.kind === 'vector' && !(options.ghostscript ?? ghostscriptInstalled())) {
    return epsPlaceholderRenditions(info);
  }
  try {
    const pixels =
      info.kind === 'raster'
        ? await decodeForPreview(withShrinkOnLoad(filePath, jpegShrinkFactor(info, RENDITION_SIZES.preview)))
        : info.kind === 'document'
          ? await decodeRenderedPage(await pdfium.renderFirstPage(filePath))
          : await withRenderedPage(
              filePath,
              { eps: true, longestEdgePt: longestEdgePt(info) },
              decodeForPreview,
            );
    return [await encode(pixels, 'thumb'), await encode(pixels, 'preview')];
  } catch (err) {
    // Refused already, or PDFium not running (ours: the job retries).
    if (err instanceof MediaRejectedError || err instanceof PdfiumUnavailableError) throw err;
    const detail = err instanceof Error ? err.message.split('\n')[0] : String(err);
    if (detail?.includes('exceeds pixel limit')) {
      throw new MediaRejectedError(MediaRejectionCodes.tooLarge, `The image is too large (${detail})`);
    }
    throw new MediaRejectedError(MediaRejectionCodes.damaged, `The file could not be rendered (${detail})`);
  }
}

/**
 * The one decode (of a JPEG at 1/2, 1/4 or 1/8 scale when that still covers the preview, see
 * jpeg-shrink-on-load.ts): auto-orient (EXIF), shrink to preview size (never enlarge), flatten transparency
 * onto white (JPEG has no alpha, and libvips would otherwise flatten onto black), convert to sRGB
 * (CMYK without a profile goes through sharp's built-in CMYK profile). failOn 'error' refuses
 * truncated and corrupt data instead of silently filling the missing part with grey. Sequential
 * read lets libvips stream rows into the resize instead of holding the whole decoded source, unless
 * an EXIF rotation needs it all.
 */
async function decodeForPreview(input: string): Promise<RawImage> {
  const size = RENDITION_SIZES.preview;
  const { data, info } = await sharp(input, {
    failOn: 'error',
    limitInputPixels: MAX_PIXELS,
    sequentialRead: true,
  })
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels after conversion`);
  return { data, width: info.width, height: info.height };
}

async function encode(pixels: RawImage, kind: 'thumb' | 'preview'): Promise<Rendition> {
  const edge = RENDITION_SIZES[kind];
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 3 },
  })
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY[kind], progressive: kind === 'preview' })
    .toBuffer({ resolveWithObject: true });
  return { kind, data, width: info.width, height: info.height };
}

/** MediaInfo reports vector sizes at 300 dpi; Ghostscript needs the size in points to pick a resolution. */
function longestEdgePt(info: MediaInfo): number {
  const longest = Math.max(info.width ?? 0, info.height ?? 0);
  return longest > 0 ? (longest * 72) / 300 : 842;
}
