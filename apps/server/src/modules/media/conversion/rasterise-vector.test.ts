import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/media-fixtures.js';
import { probeMedia } from '../media-probe.js';
import { MAX_RENDER_EDGE, pdfium } from '../pdfium.js';
import { pageResolution, withRasterisedSource } from './rasterise-vector.js';

afterAll(async () => {
  await pdfium.close();
});

/** The size of the bitmap a conversion of template.pdf (A4, 595 × 842 pt) gets to work from. */
async function renderedPage(scale: number): Promise<{ width: number; height: number }> {
  const file = fixture('template.pdf');
  const info = await probeMedia(file);
  return withRasterisedSource(file, info, { scale, cmyk: false }, async (source) => {
    const raw = source.options.raw!;
    expect(source.input).toHaveLength(raw.width * raw.height * 4);
    return { width: raw.width, height: raw.height };
  });
}

describe('PDF page 1 for a conversion', () => {
  it('is rendered at the size the output needs, not at the previews’ 150 dpi (1240 × 1754) and enlarged', async () => {
    // A 3000 px print output: A4 probed as 2479 × 3508 at 300 dpi, so 3000 / 3508 of that.
    const page = await renderedPage(3000 / 3508);
    expect(page.height).toBeGreaterThanOrEqual(3000);
    expect(page.height).toBeLessThanOrEqual(3001);
    expect(Math.abs(page.width - 2121)).toBeLessThanOrEqual(1);
  });

  it('is rendered small for a small output (less memory, no wasted pixels)', async () => {
    const page = await renderedPage(400 / 3508);
    expect(page.height).toBeGreaterThanOrEqual(400);
    expect(page.height).toBeLessThanOrEqual(401);
  });

  it('is capped at 4000 px on its longest edge, whatever the output asks', async () => {
    const page = await renderedPage(10_000 / 3508);
    expect(page.height).toBe(MAX_RENDER_EDGE);
    expect(Math.abs(page.width - 2827)).toBeLessThanOrEqual(1);
  });

  it('asks PDFium for the output’s dpi and longest edge', () => {
    const a4 = { width: 2479, height: 3508 } as Parameters<typeof pageResolution>[0];
    expect(pageResolution(a4, 0.5)).toEqual({ dpi: 150, maxEdgePx: 1754 });
    expect(pageResolution(a4, 2)).toEqual({ dpi: 600, maxEdgePx: MAX_RENDER_EDGE });
  });
});
