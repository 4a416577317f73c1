import type { PresetSettings } from '@mediabox/contract';
import type { ConversionSpec } from '../media/conversion/conversion-spec.js';

/**
 * A preset version's settings as the conversion engine's spec (field by field, as the contract's
 * presets.ts describes): what the cart plans and judges a conversion by. The conversions module
 * makes the file from the same settings; both must map them alike for verdicts to hold.
 */
export function conversionSpecOfPreset(settings: PresetSettings): ConversionSpec {
  return {
    format: settings.format,
    size: settings.size,
    allowUpscale: settings.allowUpscale,
    colourSpace: settings.colourSpace,
    dpi: settings.dpi,
    ...(settings.format === 'jpeg'
      ? { jpeg: settings.maxBytes !== null ? { maxBytes: settings.maxBytes } : { quality: settings.quality } }
      : {}),
  };
}
