import { describe, expect, it } from 'vitest';
import { assessConversion, type ConversionSource } from './assess-conversion.js';
import type { ConversionSpec } from './conversion-spec.js';

const onlineShop: ConversionSpec = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: false,
  colourSpace: 'srgb',
  dpi: 72,
};
const printTiff: ConversionSpec = {
  format: 'tiff',
  size: { mode: 'fit', width: 1500, height: 1500 },
  allowUpscale: false,
  colourSpace: 'cmyk',
  dpi: 300,
};

const raster = (overrides: Partial<ConversionSource> = {}): ConversionSource => ({
  kind: 'raster',
  mimeType: 'image/jpeg',
  width: 2000,
  height: 2000,
  colorspace: 'srgb',
  hasAlpha: false,
  ...overrides,
});

describe('assessConversion', () => {
  it('finds nothing to say about a large sRGB JPEG for the online shop', () => {
    expect(assessConversion(raster(), onlineShop)).toEqual([]);
  });

  it('says a source smaller than the preset would be upscaled, with both sizes, and whether it is enlarged', () => {
    const small = raster({ width: 800, height: 800 });
    expect(assessConversion(small, onlineShop)).toEqual([
      {
        kind: 'upscaled',
        source: { width: 800, height: 800 },
        needed: { width: 1000, height: 1000 },
        enlarged: false,
      },
    ]);
    expect(assessConversion(small, { ...onlineShop, allowUpscale: true })).toEqual([
      {
        kind: 'upscaled',
        source: { width: 800, height: 800 },
        needed: { width: 1000, height: 1000 },
        enlarged: true,
      },
    ]);
  });

  it('measures the shortfall along the edge that limits the fit, and for crop the edge that must cover', () => {
    const landscape = raster({ width: 800, height: 400 });
    const fit: ConversionSpec = { ...onlineShop, size: { mode: 'fit', width: 1000, height: 1000 } };
    expect(assessConversion(landscape, fit)[0]).toMatchObject({ needed: { width: 1000, height: 500 } });
    const crop: ConversionSpec = { ...onlineShop, size: { mode: 'crop', width: 1000, height: 1000 } };
    // Covering 1000 × 1000 from 800 × 400 needs the short edge at 1000: 2000 × 1000.
    expect(assessConversion(landscape, crop)[0]).toMatchObject({ needed: { width: 2000, height: 1000 } });
    // 1200 × 600 is wide enough for a fit but not to cover a square.
    expect(assessConversion(raster({ width: 1200, height: 600 }), fit)).toEqual([]);
    expect(assessConversion(raster({ width: 1200, height: 600 }), crop)[0]).toMatchObject({
      kind: 'upscaled',
    });
  });

  it('accepts a source exactly the size asked for', () => {
    expect(assessConversion(raster({ width: 1000, height: 1000 }), onlineShop)).toEqual([]);
    const exact = { ...onlineShop, size: { mode: 'crop', width: 1080, height: 1080 } } as const;
    expect(assessConversion(raster({ width: 1080, height: 1350 }), exact)).toEqual([]);
  });

  it('says RGB goes to CMYK for print, CMYK and Lab to sRGB for the web, grey only when it becomes CMYK', () => {
    expect(assessConversion(raster(), printTiff)).toContainEqual({
      kind: 'colourConverted',
      from: 'srgb',
      to: 'cmyk',
    });
    expect(assessConversion(raster({ colorspace: 'rgb16' }), printTiff)).toContainEqual({
      kind: 'colourConverted',
      from: 'rgb16',
      to: 'cmyk',
    });
    expect(assessConversion(raster({ colorspace: 'cmyk' }), onlineShop)).toEqual([
      { kind: 'colourConverted', from: 'cmyk', to: 'srgb' },
    ]);
    expect(assessConversion(raster({ colorspace: 'lab' }), onlineShop)).toEqual([
      { kind: 'colourConverted', from: 'lab', to: 'srgb' },
    ]);
    expect(assessConversion(raster({ colorspace: 'cmyk' }), printTiff)).toEqual([]);
    expect(assessConversion(raster({ colorspace: 'b-w' }), onlineShop)).toEqual([]);
    expect(assessConversion(raster({ colorspace: 'grey16' }), onlineShop)).toEqual([]);
    expect(assessConversion(raster({ colorspace: 'b-w' }), printTiff)).toEqual([
      { kind: 'colourConverted', from: 'b-w', to: 'cmyk' },
    ]);
    // 16-bit RGB to 8-bit sRGB is the same colour model: nothing to warn about.
    expect(assessConversion(raster({ colorspace: 'rgb16' }), onlineShop)).toEqual([]);
    expect(assessConversion(raster({ colorspace: null }), onlineShop)).toEqual([]);
  });

  it('says transparency is flattened onto the pad colour or white where the output has no alpha', () => {
    const cutout = raster({ mimeType: 'image/png', hasAlpha: true });
    const beige = { ...onlineShop, size: { ...onlineShop.size, background: '#f5f0e6' } } as ConversionSpec;
    expect(assessConversion(cutout, beige)).toEqual([{ kind: 'alphaFlattened', background: '#f5f0e6' }]);
    const fitJpeg: ConversionSpec = { ...onlineShop, size: { mode: 'fit', width: 1000, height: 1000 } };
    expect(assessConversion(cutout, fitJpeg)).toEqual([{ kind: 'alphaFlattened', background: '#ffffff' }]);
    // CMYK never keeps alpha, even in a TIFF.
    expect(assessConversion(cutout, printTiff)).toContainEqual({
      kind: 'alphaFlattened',
      background: '#ffffff',
    });
    for (const format of ['png', 'webp', 'tiff'] as const) {
      expect(assessConversion(cutout, { ...fitJpeg, format })).toEqual([]);
    }
  });

  it('says a vector or PDF source is rasterised at the output size and is never short of pixels', () => {
    const eps = raster({
      kind: 'vector',
      mimeType: 'application/postscript',
      width: 1033,
      height: 333,
      colorspace: 'cmyk',
    });
    expect(assessConversion(eps, printTiff)).toEqual([{ kind: 'rasterised', width: 1500, height: 484 }]);
    expect(assessConversion(eps, onlineShop)).toEqual([
      { kind: 'rasterised', width: 1000, height: 322 },
      { kind: 'colourConverted', from: 'cmyk', to: 'srgb' },
    ]);
    const pdf = raster({
      kind: 'document',
      mimeType: 'application/pdf',
      width: 2480,
      height: 3508,
      colorspace: null,
    });
    const social: ConversionSpec = { ...onlineShop, size: { mode: 'crop', width: 1080, height: 1080 } };
    expect(assessConversion(pdf, social)).toEqual([{ kind: 'rasterised', width: 1080, height: 1080 }]);
    expect(assessConversion({ ...pdf, width: null, height: null }, social)).toEqual([
      { kind: 'rasterised', width: 1080, height: 1080 },
    ]);
  });

  it('lists every verdict that applies, in a fixed order', () => {
    const smallCmykCutout = raster({ width: 500, height: 400, colorspace: 'cmyk', hasAlpha: true });
    expect(assessConversion(smallCmykCutout, onlineShop).map((verdict) => verdict.kind)).toEqual([
      'upscaled',
      'colourConverted',
      'alphaFlattened',
    ]);
  });
});
