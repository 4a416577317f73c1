import { describe, expect, it } from 'vitest';
import type { MediaInfo } from './media-types.js';
import { estimatedRenderBytes, RENDER_MEMORY_BUDGET } from './render-memory.js';

const raster = (
  mimeType: string,
  width: number,
  height: number,
  more: Partial<MediaInfo> = {},
): MediaInfo => ({
  kind: 'raster',
  mimeType,
  width,
  height,
  dpiX: null,
  colorspace: 'srgb',
  pageCount: null,
  hasAlpha: false,
  ...more,
});

const MB = 1024 * 1024;

describe('estimatedRenderBytes', () => {
  it('counts a JPEG at its shrink-on-load size and other rasters whole, by bands and sample size', () => {
    const camera = estimatedRenderBytes(raster('image/jpeg', 4000, 3000)); // decoded 2000×1500×3
    const tiff50 = estimatedRenderBytes(raster('image/tiff', 8660, 5774)); // 50 MP ×3
    expect(camera).toBeLessThan(30 * MB);
    expect(tiff50).toBeGreaterThan(140 * MB);
    expect(
      estimatedRenderBytes(raster('image/tiff', 8660, 5774, { colorspace: 'cmyk', hasAlpha: true })),
    ).toBeGreaterThan(190 * MB);
    expect(estimatedRenderBytes(raster('image/png', 4000, 3000, { colorspace: 'rgb16' }))).toBeGreaterThan(
      70 * MB,
    );
  });

  it('lets camera JPEGs render side by side, and a 50 MP picture only alone', () => {
    const camera = estimatedRenderBytes(raster('image/jpeg', 4000, 3000));
    const camera24 = estimatedRenderBytes(raster('image/jpeg', 6000, 4000));
    const png50 = estimatedRenderBytes(raster('image/png', 8660, 5774));
    expect(2 * camera24).toBeLessThanOrEqual(RENDER_MEMORY_BUDGET);
    expect(png50).toBeLessThan(200 * MB);
    expect(png50 + camera).toBeGreaterThan(RENDER_MEMORY_BUDGET);
  });

  it('counts a PDF page as Ghostscript renders it: 150 dpi, at most 4000 px', () => {
    const a4 = { ...raster('application/pdf', 2479, 3508), kind: 'document' as const };
    const poster = { ...raster('application/pdf', 60_000, 90_000), kind: 'document' as const };
    expect(estimatedRenderBytes(a4)).toBeLessThan(16 * MB + 1240 * 1754 * 3 + 10_000);
    expect(estimatedRenderBytes(poster)).toBeLessThanOrEqual(16 * MB + 2667 * 4000 * 3 + 10_000);
  });
});
