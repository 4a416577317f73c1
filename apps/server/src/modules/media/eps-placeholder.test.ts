import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { epsPlaceholderRenditions } from './eps-placeholder.js';
import { probeMedia } from './media-probe.js';
import { renderRenditions } from './renditions.js';

describe('EPS placeholders (Ghostscript missing)', () => {
  it('renderRenditions gives an EPS two placeholder JPEGs in its proportions when told there is no Ghostscript', async () => {
    const info = await probeMedia(fixture('logo.eps'));
    const renditions = await renderRenditions(fixture('logo.eps'), info, { ghostscript: false });
    // logo.eps is 248×80 pt: wider than 2.5:1, so the card stops at 2.5:1.
    expect(renditions.map((r) => [r.kind, r.width, r.height, r.placeholder])).toEqual([
      ['thumb', 400, 160, true],
      ['preview', 1600, 640, true],
    ]);
    for (const rendition of renditions) {
      const meta = await sharp(rendition.data).metadata();
      expect([meta.format, meta.width, meta.height, meta.space]).toEqual([
        'jpeg',
        rendition.width,
        rendition.height,
        'srgb',
      ]);
    }
  });

  it('draws a neutral card with dark strokes in the middle (the letters), light at the edge', async () => {
    const info = await probeMedia(fixture('logo.eps'));
    const [, preview] = await epsPlaceholderRenditions({ ...info, width: 2000, height: 2000 });
    const { data, info: raw } = await sharp(preview!.data)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[y * raw.width + x]!;
    expect(at(5, 5)).toBeGreaterThan(200);
    let darkest = 255;
    for (let x = 0; x < raw.width; x += 1) darkest = Math.min(darkest, at(x, Math.round(raw.height * 0.4)));
    expect(darkest).toBeLessThan(140);
  });
});
