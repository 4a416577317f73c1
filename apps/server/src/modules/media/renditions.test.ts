import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosEps, fixture } from '../../test/media-fixtures.js';
import { probeMedia } from './media-probe.js';
import { MediaRejectedError, type MediaInfo, type Rendition } from './media-types.js';
import { renderRenditions } from './renditions.js';

type RGB = [number, number, number];

async function render(file: string): Promise<Record<Rendition['kind'], Rendition>> {
  const renditions = await renderRenditions(file, await probeMedia(file));
  expect(renditions.map((r) => r.kind).sort()).toEqual(['preview', 'thumb']);
  return Object.fromEntries(renditions.map((r) => [r.kind, r])) as Record<Rendition['kind'], Rendition>;
}

/** Decoded pixels of a rendition, to sample colours. */
async function pixels(rendition: Rendition) {
  const { data, info } = await sharp(rendition.data).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number): RGB => {
    const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
}

const near = (actual: RGB, expected: RGB, tolerance = 15) =>
  actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);

/** Every rendition must be an upright, untagged-or-sRGB, 3-channel JPEG of the size it claims. */
async function expectUprightSrgbJpeg(rendition: Rendition) {
  const metadata = await sharp(rendition.data).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', space: 'srgb', channels: 3, hasAlpha: false });
  expect(metadata.orientation ?? 1).toBe(1);
  expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.height]);
}

describe('renderRenditions', () => {
  let dir: string;
  const temp = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-renditions-'));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['packshot-rgb.jpg', [400, 400], [1200, 1200]],
    ['packshot-cmyk.jpg', [400, 400], [1200, 1200]],
    ['packshot-cmyk.tif', [400, 400], [1200, 1200]],
    ['cutout-alpha.png', [400, 400], [1200, 1200]],
    ['rotated-exif.jpg', [300, 400], [600, 800]],
    ['gs1/04006067084218_C1C1.jpg', [400, 400], [900, 900]],
    // EPS at 150 dpi: 248×80 pt -> 517×167 px (never enlarged to 1600).
    ['logo.eps', [400, 129], [517, 167]],
    // A4 at 150 dpi is 1240×1754 px; the preview shrinks it to 1600 high.
    ['template.pdf', [283, 400], [1131, 1600]],
  ])('renders %s: thumb %j and preview %j, upright sRGB JPEG', async (name, thumbSize, previewSize) => {
    const { thumb, preview } = await render(fixture(name));
    expect([thumb.width, thumb.height]).toEqual(thumbSize);
    expect([preview.width, preview.height]).toEqual(previewSize);
    await expectUprightSrgbJpeg(thumb);
    await expectUprightSrgbJpeg(preview);
  });

  it('converts CMYK (no profile) to sRGB colours that match the RGB original', async () => {
    const rgb = await pixels((await render(fixture('packshot-rgb.jpg'))).preview);
    // Sample points on the 1200 px preview; expected values from the fixtures README.
    const samples: Array<[string, number, number, RGB]> = [
      ['bag', 480, 300, [107, 66, 38]],
      ['label red', 456, 504, [200, 57, 27]],
      ['cream', 420, 720, [243, 235, 216]],
    ];
    for (const [, x, y, expected] of samples) expect(near(rgb(x, y), expected, 6)).toBe(true);
    for (const name of ['packshot-cmyk.jpg', 'packshot-cmyk.tif']) {
      const { preview, thumb } = await render(fixture(name));
      const cmyk = await pixels(preview);
      const small = await pixels(thumb);
      for (const [what, x, y] of samples) {
        expect(
          near(cmyk(x, y), rgb(x, y)),
          `${name} ${what}: ${cmyk(x, y).join()} vs ${rgb(x, y).join()}`,
        ).toBe(true);
        expect(near(small(x / 3, y / 3), rgb(x, y), 20), `${name} thumb ${what}`).toBe(true);
      }
    }
  });

  it('flattens transparency onto white, not black', async () => {
    const { thumb, preview } = await render(fixture('cutout-alpha.png'));
    for (const rendition of [thumb, preview]) {
      const at = await pixels(rendition);
      const last = rendition.width - 2;
      for (const [x, y] of [
        [1, 1],
        [last, 1],
        [1, last],
        [last, last],
      ] as const) {
        expect(Math.min(...at(x, y)), `${rendition.kind} corner ${x},${y}`).toBeGreaterThanOrEqual(250);
      }
      // The bag itself is still there, brown.
      expect(near(at(rendition.width * 0.4, rendition.height * 0.25), [107, 66, 38])).toBe(true);
    }
  });

  it('turns the EXIF-rotated card upright: red bar on top, green at the bottom', async () => {
    const { thumb, preview } = await render(fixture('rotated-exif.jpg'));
    for (const rendition of [thumb, preview]) {
      const at = await pixels(rendition);
      const [r, g, b] = at(rendition.width / 2, rendition.height * 0.02);
      expect(r, `${rendition.kind} top`).toBeGreaterThan(180);
      expect(Math.max(g, b), `${rendition.kind} top`).toBeLessThan(70);
      const [r2, g2, b2] = at(rendition.width / 2, rendition.height * 0.99);
      expect(g2, `${rendition.kind} bottom`).toBeGreaterThan(100);
      expect(Math.max(r2, b2), `${rendition.kind} bottom`).toBeLessThan(90);
    }
  });

  it('renders the EPS in colour on white and the PDF with its red headline band', async () => {
    const logo = await pixels((await render(fixture('logo.eps'))).preview);
    expect(Math.min(...logo(1, 1))).toBeGreaterThanOrEqual(245);
    const circle = logo(130, 80); // right half of the brown circle, beside the bean slit
    expect(circle[0]).toBeGreaterThan(circle[2] + 40);
    const page = await pixels((await render(fixture('template.pdf'))).preview);
    const [r, g, b] = page(40, 40);
    expect(r).toBeGreaterThan(180);
    expect(Math.max(g, b)).toBeLessThan(110);
  });

  it('renders a DOS EPS binary like the plain EPS and removes its Ghostscript temp files', async () => {
    const before = new Set(
      (await fsp.readdir(os.tmpdir())).filter((name) => name.startsWith('mediabox-gs-')),
    );
    await fsp.writeFile(temp('logo-dos.eps'), await dosEps(fixture('logo.eps')));
    const { preview } = await render(temp('logo-dos.eps'));
    expect([preview.width, preview.height]).toEqual([517, 167]);
    const after = (await fsp.readdir(os.tmpdir())).filter((name) => name.startsWith('mediabox-gs-'));
    expect(after.filter((name) => !before.has(name))).toEqual([]);
  });

  it('never enlarges a small image and converts 16-bit grey to 8-bit sRGB', async () => {
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
      .toColourspace('grey16')
      .png()
      .toFile(temp('grey16.png'));
    const { thumb, preview } = await render(temp('grey16.png'));
    expect([thumb.width, thumb.height, preview.width, preview.height]).toEqual([40, 30, 40, 30]);
    await expectUprightSrgbJpeg(preview);
  });

  it('refuses truncated pixel data as damaged instead of rendering its grey half, even unprobed', async () => {
    // The probe refuses this file by its missing end marker; the decode must refuse it on its own too.
    const file = fixture('bad/truncated.jpg');
    const info: MediaInfo = {
      kind: 'raster',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 1200,
      dpiX: 72,
      colorspace: 'srgb',
      pageCount: null,
      hasAlpha: false,
    };
    const err = await renderRenditions(file, info).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(MediaRejectedError);
    expect((err as MediaRejectedError).code).toBe('media.errors.damaged');
  });

  it('decodes a camera-size JPEG at half scale: same size as a full decode, upright; cut data refused', async () => {
    // Stored 3400×2200 with EXIF orientation 6: the stored left edge (red) is the displayed top.
    const [width, height] = [3400, 2200];
    const stored = Buffer.alloc(width * height * 3, 128);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < 200; x += 1) stored.set([220, 20, 20], (y * width + x) * 3);
    }
    const file = temp('camera.jpg');
    await sharp(stored, { raw: { width, height, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toFile(file);
    const full = await sharp(file).rotate().resize(1600, 1600, { fit: 'inside' }).toBuffer({
      resolveWithObject: true,
    });
    const { thumb, preview } = await render(file);
    expect([preview.width, preview.height]).toEqual([full.info.width, full.info.height]);
    expect([preview.width, preview.height]).toEqual([1035, 1600]);
    expect([thumb.width, thumb.height]).toEqual([259, 400]);
    const at = await pixels(preview);
    expect(near(at(preview.width / 2, 5), [220, 20, 20])).toBe(true);
    expect(near(at(preview.width / 2, preview.height - 5), [128, 128, 128])).toBe(true);

    const info = await probeMedia(file);
    const bytes = await fsp.readFile(file);
    await fsp.writeFile(temp('camera-cut.jpg'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const err = await renderRenditions(temp('camera-cut.jpg'), info).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(MediaRejectedError);
    expect((err as MediaRejectedError).code).toBe('media.errors.damaged');
  });

  it('runs Ghostscript with -dSAFER: an EPS that reads a file is refused as damaged', async () => {
    await fsp.writeFile(
      temp('snoop.eps'),
      '%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n' +
        '(/etc/passwd) (r) file 100 string readstring pop\n/Helvetica findfont 8 scalefont setfont 10 50 moveto show\nshowpage\n',
    );
    const file = temp('snoop.eps');
    const err = await renderRenditions(file, await probeMedia(file)).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(MediaRejectedError);
    expect((err as MediaRejectedError).code).toBe('media.errors.damaged');
  });
});
