import type { FileRow } from '../catalogue/catalogue.repository.js';
import type { MediaKind } from '../media/media-types.js';
import { planConversion } from '../media/conversion/conversion-plan.js';
import type { ConversionSpec } from '../media/conversion/conversion-spec.js';

/** What a source is made of, by its stored MIME type; null for files no preset converts (video, zip, …). */
export function pictureKindOf(mimeType: string): MediaKind | null {
  if (mimeType === 'application/postscript') return 'vector';
  if (mimeType === 'application/pdf') return 'document';
  return RASTER_TYPES.has(mimeType) ? 'raster' : null;
}

/** The raster types the conversion engine (sharp) reads. */
const RASTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/tiff', 'image/webp', 'image/gif']);

const pixels = (file: FileRow) => (file.width ?? 0) * (file.height ?? 0);

/** A raster whose own pixels fill the preset's size: it is only ever scaled down. */
function covers(file: FileRow, spec: ConversionSpec): boolean {
  if (file.width === null || file.height === null) return false;
  return !planConversion({ width: file.width, height: file.height, vector: false }, spec).shortfall;
}

/**
 * The file of an asset a preset starts from (issue 21.3), among its current pictures (rasters, EPS,
 * PDF), in this order:
 * 1. a raster that covers the preset's size without upscaling, the SMALLEST such one: every raster
 *    that covers it gives the same output pixels, and the smallest is the cheapest to decode (a
 *    print master of 12,000 px would take the conversion's whole memory budget for a 1000 px shop
 *    picture);
 * 2. else a vector or document (EPS, then PDF): it renders sharply at any size;
 * 3. else the largest raster: the least upscaling (the verdict says how much).
 * Ties go to the lower media type (the main image first), then the lower file id, so the same
 * files always give the same source. Undefined when the asset has no picture.
 */
export function bestSourceFor(files: readonly FileRow[], spec: ConversionSpec): FileRow | undefined {
  const ordered = [...files].sort((a, b) => a.mediaType - b.mediaType || a.id - b.id);
  const rasters = ordered.filter((file) => pictureKindOf(file.mimeType) === 'raster');
  const covering = rasters.filter((file) => covers(file, spec));
  if (covering.length > 0) return minBy(covering, pixels);
  const vector =
    ordered.find((file) => pictureKindOf(file.mimeType) === 'vector') ??
    ordered.find((file) => pictureKindOf(file.mimeType) === 'document');
  if (vector) return vector;
  return rasters.length > 0 ? minBy(rasters, (file) => -pixels(file)) : undefined;
}

/** The first element with the least value (stable: earlier wins ties). */
function minBy<T>(list: readonly T[], value: (item: T) => number): T {
  return list.reduce((best, item) => (value(item) < value(best) ? item : best));
}
