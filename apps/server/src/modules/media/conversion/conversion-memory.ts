import { jpegShrinkFactor } from '../jpeg-shrink-on-load.js';
import type { MediaInfo } from '../media-types.js';
import type { PixelSize } from './conversion-plan.js';

/** Encoder buffers, libvips' working regions: what any conversion needs besides its pixels. */
const CONVERSION_OVERHEAD = 16 * 1024 * 1024;

/**
 * Estimated bytes a conversion holds at once, for the media module's MemoryBudget: the source as
 * loaded (after JPEG shrink-on-load, render-memory.ts explains why it is an upper bound) or the
 * rendered vector page, plus the output canvas at 4 bands (the maxBytes search keeps it whole).
 */
export function estimatedConversionBytes(
  info: MediaInfo,
  loaded: { shrink: number; rendered?: PixelSize },
  canvas: PixelSize,
): number {
  const output = canvas.width * canvas.height * 4;
  if (loaded.rendered)
    return loaded.rendered.width * loaded.rendered.height * 4 + output + CONVERSION_OVERHEAD;
  const space = info.colorspace ?? 'srgb';
  const bands =
    (space === 'cmyk' ? 4 : space === 'b-w' || space.startsWith('grey') ? 1 : 3) + (info.hasAlpha ? 1 : 0);
  const sampleBytes = /16$/.test(space) ? 2 : ['scrgb', 'lab', 'xyz'].includes(space) ? 4 : 1;
  const width = Math.ceil((info.width ?? 0) / loaded.shrink);
  const height = Math.ceil((info.height ?? 0) / loaded.shrink);
  return width * height * bands * sampleBytes + output + CONVERSION_OVERHEAD;
}

/** The JPEG shrink-on-load factor that still leaves the source at least `scale` of its size. */
export function conversionShrinkFactor(info: MediaInfo, scale: number): number {
  if (!info.width || !info.height || scale >= 1) return 1;
  return jpegShrinkFactor(info, Math.ceil(Math.max(info.width, info.height) * scale));
}
