import type { PresetSettings } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { conversionSpecOfPreset } from './conversion-spec-of-preset.js';

const onlineShop: PresetSettings = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: true,
  refuseUpscaling: false,
  colourSpace: 'srgb',
  dpi: 72,
  quality: 90,
  maxBytes: null,
  fileSuffix: '_shop',
};

describe('conversionSpecOfPreset', () => {
  it('maps a JPEG preset field by field, with its quality', () => {
    expect(conversionSpecOfPreset(onlineShop)).toEqual({
      format: 'jpeg',
      size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
      allowUpscale: true,
      colourSpace: 'srgb',
      dpi: 72,
      jpeg: { quality: 90 },
    });
  });

  it('aims for the byte limit instead of the quality when one is set', () => {
    expect(conversionSpecOfPreset({ ...onlineShop, maxBytes: 200_000 }).jpeg).toEqual({ maxBytes: 200_000 });
  });

  it('gives other formats no JPEG settings', () => {
    const print = conversionSpecOfPreset({
      ...onlineShop,
      format: 'tiff',
      size: { mode: 'fit', width: 4000, height: 4000 },
      allowUpscale: false,
      colourSpace: 'cmyk',
      dpi: 300,
      fileSuffix: '_print',
    });
    expect(print).toEqual({
      format: 'tiff',
      size: { mode: 'fit', width: 4000, height: 4000 },
      allowUpscale: false,
      colourSpace: 'cmyk',
      dpi: 300,
    });
    expect('jpeg' in print).toBe(false);
  });

  it('keeps the crop mode and the setting of enlargement', () => {
    const social = conversionSpecOfPreset({
      ...onlineShop,
      size: { mode: 'crop', width: 1080, height: 1080 },
      allowUpscale: false,
      refuseUpscaling: true,
    });
    expect(social).toMatchObject({ size: { mode: 'crop', width: 1080, height: 1080 }, allowUpscale: false });
  });
});
