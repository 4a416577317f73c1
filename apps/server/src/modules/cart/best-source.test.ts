import { describe, expect, it } from 'vitest';
import type { FileRow } from '../catalogue/catalogue.repository.js';
import type { ConversionSpec } from '../media/conversion/conversion-spec.js';
import { bestSourceFor, pictureKindOf } from './best-source.js';

let nextId = 1;
const file = (mimeType: string, width: number | null, height: number | null, mediaType = 1100): FileRow => ({
  id: nextId++,
  assetId: 1,
  mediaType,
  blobSha256: 'a'.repeat(64),
  fileName: 'x',
  mimeType,
  width,
  height,
  dpiX: null,
  colorspace: 'srgb',
  pageCount: null,
  size: 1,
  bitDepth: 8,
  hasAlpha: false,
  transparent: false,
});
const shop: ConversionSpec = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: true,
  colourSpace: 'srgb',
  dpi: 72,
};

describe('bestSourceFor', () => {
  it('takes the smallest raster that covers the size without upscaling', () => {
    const master = file('image/tiff', 6000, 6000, 1200);
    const main = file('image/jpeg', 1200, 1200, 1100);
    const small = file('image/jpeg', 800, 800, 1300);
    expect(bestSourceFor([master, small, main], shop)).toBe(main);
  });

  it('takes a vector or document when no raster covers it: it renders at any size', () => {
    const small = file('image/jpeg', 800, 800);
    const pdf = file('application/pdf', 2480, 3508, 1500);
    const eps = file('application/postscript', null, null, 1600);
    expect(bestSourceFor([small, pdf, eps], shop)).toBe(eps);
    expect(bestSourceFor([small, pdf], shop)).toBe(pdf);
  });

  it('else the largest raster (the least upscaling); nothing without a picture', () => {
    const tiny = file('image/png', 300, 300, 1100);
    const small = file('image/jpeg', 800, 600, 1200);
    expect(bestSourceFor([tiny, small], shop)).toBe(small);
    expect(bestSourceFor([file('video/mp4', null, null)], shop)).toBeUndefined();
    expect(bestSourceFor([], shop)).toBeUndefined();
  });

  it('judges covering by the size mode: crop needs both edges, fit only one', () => {
    const wide = file('image/jpeg', 1500, 600);
    const square = file('image/jpeg', 1000, 1000);
    const crop: ConversionSpec = { ...shop, size: { mode: 'crop', width: 1000, height: 1000 } };
    const fit: ConversionSpec = { ...shop, size: { mode: 'fit', width: 1000, height: 1000 } };
    expect(bestSourceFor([wide, square], crop)).toBe(square);
    // Fitting 1500 × 600 into 1000 × 1000 scales it down: it covers, and is the smaller one.
    expect(bestSourceFor([wide, square], fit)).toBe(wide);
  });

  it('knows pictures by their type', () => {
    expect(pictureKindOf('image/webp')).toBe('raster');
    expect(pictureKindOf('application/postscript')).toBe('vector');
    expect(pictureKindOf('application/pdf')).toBe('document');
    expect(pictureKindOf('application/zip')).toBeNull();
  });
});
