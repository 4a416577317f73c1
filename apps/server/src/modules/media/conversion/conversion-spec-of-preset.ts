import type { PresetSettings } from '@mediabox/contract';
import type { ConversionSpec } from './conversion-spec.js';

/**
 * The engine's description of what a preset version makes (the contract's presets.ts lists the
 * mapping): the one mapping that both the cart's verdicts and the conversions job use, so a verdict
 * describes the very file that is made. `refuseUpscaling` and `fileSuffix` are left out: they decide what is delivered and under
 * which name, not how the pixels are made. Quality and byte limit are JPEG's only.
 */
export function conversionSpecOfPreset(settings: PresetSettings): ConversionSpec {
  const spec: ConversionSpec = {
    format: settings.format,
    size: { ...settings.size },
    allowUpscale: settings.allowUpscale,
    colourSpace: settings.colourSpace,
    dpi: settings.dpi,
  };
  if (settings.format === 'jpeg') {
    spec.jpeg = settings.maxBytes !== null ? { maxBytes: settings.maxBytes } : { quality: settings.quality };
  }
  return spec;
}
