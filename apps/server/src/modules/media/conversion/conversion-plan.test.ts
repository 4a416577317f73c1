import { describe, expect, it } from 'vitest';
import { planConversion } from './conversion-plan.js';
import type { ConversionSpec } from './conversion-spec.js';

const spec = (size: ConversionSpec['size'], allowUpscale = false): ConversionSpec => ({
  format: 'jpeg',
  size,
  allowUpscale,
  colourSpace: 'srgb',
  dpi: 72,
});
const raster = (width: number, height: number) => ({ width, height, vector: false });
const fit = { mode: 'fit', width: 1000, height: 1000 } as const;
const pad = { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' } as const;
const crop = { mode: 'crop', width: 1000, height: 1000 } as const;

describe('planConversion', () => {
  it('fit: shrinks inside the box keeping the aspect; a smaller source keeps its size unless enlarging is allowed', () => {
    expect(planConversion(raster(4000, 3000), spec(fit))).toEqual({
      canvas: { width: 1000, height: 750 },
      content: { width: 1000, height: 750 },
    });
    expect(planConversion(raster(800, 600), spec(fit))).toMatchObject({
      canvas: { width: 800, height: 600 },
      shortfall: { needed: { width: 1000, height: 750 }, enlarged: false },
    });
    expect(planConversion(raster(800, 600), spec(fit, true)).canvas).toEqual({ width: 1000, height: 750 });
  });

  it('pad: always the exact box, the picture centred inside it at most at its own size', () => {
    expect(planConversion(raster(4000, 2000), spec(pad))).toEqual({
      canvas: { width: 1000, height: 1000 },
      content: { width: 1000, height: 500 },
    });
    expect(planConversion(raster(800, 400), spec(pad))).toMatchObject({
      canvas: { width: 1000, height: 1000 },
      content: { width: 800, height: 400 },
    });
    expect(planConversion(raster(800, 400), spec(pad, true)).content).toEqual({ width: 1000, height: 500 });
  });

  it('crop: the exact box when the source covers it (or may be enlarged), else the largest centred box shape at source resolution', () => {
    expect(planConversion(raster(3000, 2000), spec(crop))).toEqual({
      canvas: { width: 1000, height: 1000 },
      content: { width: 1000, height: 1000 },
    });
    expect(planConversion(raster(800, 600), spec(crop))).toMatchObject({
      canvas: { width: 600, height: 600 },
      content: { width: 600, height: 600 },
      shortfall: { needed: { width: 1333, height: 1000 }, enlarged: false },
    });
    const wide = { mode: 'crop', width: 1920, height: 1080 } as const;
    expect(planConversion(raster(1280, 1280), spec(wide)).canvas).toEqual({ width: 1280, height: 720 });
    expect(planConversion(raster(800, 600), spec(crop, true)).canvas).toEqual({ width: 1000, height: 1000 });
  });

  it('never produces an edge under 1 px or over the box, even for extreme shapes', () => {
    expect(planConversion(raster(100_000, 10), spec(fit)).canvas).toEqual({ width: 1000, height: 1 });
    expect(planConversion(raster(10, 100_000), spec(pad)).content).toEqual({ width: 1, height: 1000 });
  });

  it('renders vectors at the size needed: no shortfall, enlargement regardless of allowUpscale', () => {
    expect(planConversion({ width: 500, height: 250, vector: true }, spec(fit))).toEqual({
      canvas: { width: 1000, height: 500 },
      content: { width: 1000, height: 500 },
    });
  });
});
