import type { MediaInfo } from '../media-types.js';
import { planConversion, type PixelSize } from './conversion-plan.js';
import {
  flattenBackground,
  flattensAlpha,
  type ConversionColourSpace,
  type ConversionSpec,
} from './conversion-spec.js';

/** What the probe knows of a source: enough to judge a conversion before anything is made. */
export type ConversionSource = Pick<
  MediaInfo,
  'kind' | 'mimeType' | 'width' | 'height' | 'colorspace' | 'hasAlpha'
>;

/** One thing a conversion would do that the user should know before the download; none means fine. */
export type ConversionVerdict =
  /** The source has fewer pixels than the preset asks for; `enlarged` says whether it is enlarged anyway (allowUpscale) or delivered smaller. */
  | { kind: 'upscaled'; source: PixelSize; needed: PixelSize; enlarged: boolean }
  /** Colours are converted to another colour model (RGB → CMYK, CMYK → sRGB); `from` is the source's libvips colour space. */
  | { kind: 'colourConverted'; from: string; to: ConversionColourSpace }
  /** Transparent parts become the background colour (#rrggbb). */
  | { kind: 'alphaFlattened'; background: string }
  /** A vector or document source (EPS, PDF page 1) becomes pixels at this size. */
  | { kind: 'rasterised'; width: number; height: number };

/**
 * The verdicts for one source and one conversion, in the order upscaled, rasterised, colour,
 * transparency. Pure: the same facts give the same verdicts, and the converter follows the same plan.
 */
export function assessConversion(source: ConversionSource, spec: ConversionSpec): ConversionVerdict[] {
  const verdicts: ConversionVerdict[] = [];
  const vector = source.kind !== 'raster';
  if (source.width && source.height) {
    const size = { width: source.width, height: source.height };
    const plan = planConversion({ ...size, vector }, spec);
    if (plan.shortfall) verdicts.push({ kind: 'upscaled', source: size, ...plan.shortfall });
    if (vector) verdicts.push({ kind: 'rasterised', ...plan.content });
  } else if (vector) {
    verdicts.push({ kind: 'rasterised', width: spec.size.width, height: spec.size.height });
  }
  const model = colourModel(source.colorspace);
  if (model && model !== 'grey' && model !== spec.colourSpace) {
    verdicts.push({ kind: 'colourConverted', from: source.colorspace!, to: spec.colourSpace });
  } else if (model === 'grey' && spec.colourSpace === 'cmyk') {
    verdicts.push({ kind: 'colourConverted', from: source.colorspace!, to: 'cmyk' });
  }
  if (source.hasAlpha && flattensAlpha(spec)) {
    verdicts.push({ kind: 'alphaFlattened', background: flattenBackground(spec) });
  }
  return verdicts;
}

/**
 * The colour model behind a libvips colour space name. Grey becomes sRGB without any change of
 * colour (R = G = B), so only grey to CMYK counts as a conversion; 16-bit RGB to 8-bit sRGB is the
 * same model. Unknown (null, a PDF) gives no verdict: nothing is known to warn about.
 */
function colourModel(space: string | null): 'srgb' | 'cmyk' | 'grey' | 'other' | undefined {
  if (!space) return undefined;
  if (space === 'cmyk') return 'cmyk';
  if (['srgb', 'rgb', 'rgb16', 'scrgb'].includes(space)) return 'srgb';
  if (space === 'b-w' || space.startsWith('grey')) return 'grey';
  return 'other';
}
