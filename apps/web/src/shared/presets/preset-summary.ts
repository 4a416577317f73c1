import type { CartPresetChoice, PresetColourSpace, PresetFormat, PresetSettings } from '@mediabox/contract';

/**
 * Short technical lines about a preset: format, pixels, colour space and dpi. These words are the
 * same in German, English and French (JPEG, px, sRGB, dpi), so they need no translation.
 */
const FORMAT_LABELS: Record<PresetFormat, string> = { jpeg: 'JPEG', png: 'PNG', tiff: 'TIFF', webp: 'WebP' };
const COLOUR_LABELS: Record<PresetColourSpace, string> = { srgb: 'sRGB', cmyk: 'CMYK' };

export const presetFormatLabel = (format: PresetFormat) => FORMAT_LABELS[format];
export const presetColourLabel = (colour: PresetColourSpace) => COLOUR_LABELS[colour];

const pixels = (width: number, height: number) => `${width} × ${height} px`;

/**
 * What a preset makes, before any asset is known: "JPEG · 1000 × 1000 px · sRGB". A fitted size is
 * an upper bound (the aspect is kept), so it reads "max. 1000 × 1000 px".
 */
export function presetSummary(settings: PresetSettings): string {
  const size = pixels(settings.size.width, settings.size.height);
  return [
    FORMAT_LABELS[settings.format],
    settings.size.mode === 'fit' ? `max. ${size}` : size,
    COLOUR_LABELS[settings.colourSpace],
  ].join(' · ');
}

/** What a chosen preset will deliver for one asset: "1000 × 1000 px · JPEG · sRGB · 72 dpi". */
export function plannedOutput(output: CartPresetChoice['output']): string {
  return [
    pixels(output.width, output.height),
    FORMAT_LABELS[output.format],
    COLOUR_LABELS[output.colourSpace],
    output.dpi === null ? null : `${output.dpi} dpi`,
  ]
    .filter(Boolean)
    .join(' · ');
}
