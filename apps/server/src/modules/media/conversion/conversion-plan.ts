import type { ConversionSpec } from './conversion-spec.js';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The sizes a conversion works with, decided from the source's displayed size (EXIF orientation
 * applied) alone, so the cart's verdicts (assess-conversion.ts) and the converter agree.
 */
export interface ConversionPlan {
  /** The output file's pixel size. */
  canvas: PixelSize;
  /** The source picture's size inside the canvas (smaller than the canvas only when padded). */
  content: PixelSize;
  /** The source is smaller than the size asks for: the size it would need to be used 1:1. */
  shortfall?: { needed: PixelSize; enlarged: boolean };
}

/**
 * Upscaling rules (never beyond the source's pixels unless `allowUpscale`):
 * - fit: scaled to lie inside W × H; a smaller source keeps its size (the output is smaller).
 * - pad: as fit, then centred on a W × H canvas; a smaller source keeps its size and gets a wider border.
 * - crop: scaled to cover W × H and cut around the centre; a source too small to cover it is not
 *   enlarged but cut to the largest centred rectangle of the W:H shape, at its own resolution
 *   (800 × 600 for 1000 × 1000 gives 600 × 600): the channel gets the shape it asked for, smaller.
 * Vector sources (EPS, PDF) are rendered at the size needed, so they are never short of pixels.
 */
export function planConversion(
  source: PixelSize & { vector: boolean },
  spec: ConversionSpec,
): ConversionPlan {
  const { width: boxWidth, height: boxHeight } = spec.size;
  const box = { width: boxWidth, height: boxHeight };
  const crop = spec.size.mode === 'crop';
  const wanted = crop
    ? Math.max(boxWidth / source.width, boxHeight / source.height)
    : Math.min(boxWidth / source.width, boxHeight / source.height);
  const short = wanted > 1 && !source.vector;
  const enlarge = !short || spec.allowUpscale;
  const shortfall = short
    ? { needed: scaled(source, wanted, { width: Infinity, height: Infinity }), enlarged: spec.allowUpscale }
    : undefined;
  if (crop) {
    if (enlarge) return { canvas: box, content: box, ...(shortfall && { shortfall }) };
    const ratio = Math.min(source.width / boxWidth, source.height / boxHeight);
    const cut = scaled(box, ratio, source);
    return { canvas: cut, content: cut, shortfall: shortfall! };
  }
  const content = scaled(source, enlarge ? wanted : 1, box);
  const canvas = spec.size.mode === 'pad' ? box : content;
  return { canvas, content, ...(shortfall && { shortfall }) };
}

/** A size times a factor, rounded, at least 1 px and at most `limit` on each edge. */
function scaled(size: PixelSize, factor: number, limit: PixelSize): PixelSize {
  return {
    width: Math.min(limit.width, Math.max(1, Math.round(size.width * factor))),
    height: Math.min(limit.height, Math.max(1, Math.round(size.height * factor))),
  };
}
