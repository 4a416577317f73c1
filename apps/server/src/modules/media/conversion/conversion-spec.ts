/**
 * What one conversion makes of a source: the engine's own, plain description of a preset version.
 * The contract's preset schema (names, versions, file-name patterns) maps onto this; the engine
 * needs nothing else.
 */
export type ConversionFormat = 'jpeg' | 'png' | 'tiff' | 'webp';
export type ConversionColourSpace = 'srgb' | 'cmyk';

export type ConversionSize =
  /** Scaled to lie inside W × H, aspect kept; the output is usually smaller on one edge. */
  | { mode: 'fit'; width: number; height: number }
  /** Exactly W × H: the picture fitted inside and centred on `background` (#rrggbb). */
  | { mode: 'pad'; width: number; height: number; background: string }
  /** Exactly W × H: scaled to cover W × H and cut to it around the centre. */
  | { mode: 'crop'; width: number; height: number };

export interface ConversionSpec {
  format: ConversionFormat;
  size: ConversionSize;
  /** Enlarge a source smaller than the size asks for; otherwise it keeps its pixels (see conversion-plan.ts). */
  allowUpscale: boolean;
  colourSpace: ConversionColourSpace;
  /** Written into the file (JPEG JFIF/EXIF, PNG pHYs, TIFF X/YResolution); WebP has no field for it. */
  dpi: number;
  /** JPEG only (ignored for other formats): a fixed quality (1–100), or the largest quality whose file stays within maxBytes. */
  jpeg?: { quality: number } | { maxBytes: number };
}

/** JPEG quality when the spec names none: visually lossless for product pictures. */
export const DEFAULT_JPEG_QUALITY = 90;
/** WebP quality (the spec's quality options are JPEG's). */
export const WEBP_QUALITY = 90;

/** Transparent parts become `background` when the output cannot carry alpha: JPEG has none, and CMYK output never keeps it (print workflows expect four channels). */
export function flattensAlpha(spec: ConversionSpec): boolean {
  return spec.format === 'jpeg' || spec.colourSpace === 'cmyk';
}

/** The colour transparent parts are flattened onto: the pad colour in pad mode, else white (as the renditions do). */
export function flattenBackground(spec: ConversionSpec): string {
  return spec.size.mode === 'pad' ? spec.size.background : '#ffffff';
}

/** Largest output edge accepted: beyond any channel's need, and keeps the canvas within sharp's pixel limit. */
export const MAX_OUTPUT_EDGE = 10_000;

/**
 * What is wrong with a spec, in English for logs (empty when it is fine). The contract's preset
 * schema should refuse the same; the engine checks again because a bad spec must never reach sharp.
 */
export function conversionSpecProblems(spec: ConversionSpec): string[] {
  const problems: string[] = [];
  const { width, height } = spec.size;
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > MAX_OUTPUT_EDGE)
      problems.push(`${name} must be a whole number from 1 to ${MAX_OUTPUT_EDGE}`);
  }
  if (spec.size.mode === 'pad' && !/^#[0-9a-fA-F]{6}$/.test(spec.size.background))
    problems.push('background must be #rrggbb');
  if (spec.colourSpace === 'cmyk' && spec.format !== 'jpeg' && spec.format !== 'tiff')
    problems.push(`${spec.format.toUpperCase()} cannot hold CMYK: use JPEG or TIFF`);
  if (!Number.isFinite(spec.dpi) || spec.dpi < 1 || spec.dpi > 10_000)
    problems.push('dpi must be 1 to 10000');
  if (spec.jpeg && 'quality' in spec.jpeg) {
    const { quality } = spec.jpeg;
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) problems.push('quality must be 1 to 100');
  }
  if (spec.jpeg && 'maxBytes' in spec.jpeg) {
    const { maxBytes } = spec.jpeg;
    if (!Number.isInteger(maxBytes) || maxBytes < 1024) problems.push('maxBytes must be at least 1024');
  }
  return problems;
}
