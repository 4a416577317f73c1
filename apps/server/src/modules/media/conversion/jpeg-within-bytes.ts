import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { ConversionSpec } from './conversion-spec.js';
import { ConversionError } from './conversion-error.js';

/** The quality range searched for "largest quality under N bytes": above 95 a JPEG grows steeply with no visible gain; below 10 it is not a picture any channel wants. */
export const MAX_SEARCH_QUALITY = 95;
export const MIN_SEARCH_QUALITY = 10;

/**
 * The largest JPEG quality in [10, 95] whose file is at most `maxBytes`, by a binary search (at
 * most 8 encodes: 95 first, as most pictures fit at once, then 7 halvings). The pixels are made
 * once, into an uncompressed TIFF in memory that keeps the target colour space and its profile, and
 * only the encoding is repeated; the source is not decoded again.
 */
export async function encodeJpegWithin(
  image: Sharp,
  spec: ConversionSpec,
  maxBytes: number,
): Promise<{ data: Buffer; info: OutputInfo; quality: number }> {
  const made = await image.tiff({ compression: 'none' }).toBuffer();
  const encode = (quality: number) =>
    sharp(made)
      .toColourspace(spec.colourSpace)
      .keepIccProfile()
      .withDensity(spec.dpi)
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
  const best = await encode(MAX_SEARCH_QUALITY);
  if (best.info.size <= maxBytes) return { ...best, quality: MAX_SEARCH_QUALITY };
  let found: { data: Buffer; info: OutputInfo; quality: number } | undefined;
  let low = MIN_SEARCH_QUALITY;
  let high = MAX_SEARCH_QUALITY - 1;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const attempt = await encode(quality);
    if (attempt.info.size <= maxBytes) {
      found = { ...attempt, quality };
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  if (!found) {
    throw new ConversionError(
      'maxBytesUnreachable',
      `Even at quality ${MIN_SEARCH_QUALITY} the picture is larger than ${maxBytes} bytes`,
    );
  }
  return found;
}
