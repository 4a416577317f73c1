import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosEps, fixture } from '../../test/media-fixtures.js';
import { detectFormat } from './media-format.js';
import { probeMedia } from './media-probe.js';
import { MediaRejectedError, type MediaInfo, type MediaRejectionCode } from './media-types.js';

const GOOD: Array<[string, Partial<MediaInfo>]> = [
  [
    'packshot-rgb.jpg',
    {
      kind: 'raster',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 1200,
      dpiX: 72,
      colorspace: 'srgb',
      hasAlpha: false,
    },
  ],
  [
    'packshot-cmyk.jpg',
    { kind: 'raster', mimeType: 'image/jpeg', width: 1200, height: 1200, colorspace: 'cmyk' },
  ],
  [
    'packshot-cmyk.tif',
    {
      kind: 'raster',
      mimeType: 'image/tiff',
      width: 1200,
      height: 1200,
      dpiX: 300,
      colorspace: 'cmyk',
      hasAlpha: false,
    },
  ],
  [
    'cutout-alpha.png',
    { kind: 'raster', mimeType: 'image/png', width: 1200, height: 1200, colorspace: 'srgb', hasAlpha: true },
  ],
  // Stored 800×600 with EXIF orientation 6: reported as displayed.
  ['rotated-exif.jpg', { kind: 'raster', mimeType: 'image/jpeg', width: 600, height: 800 }],
  ['gs1/04006067084218_C1C1.jpg', { kind: 'raster', mimeType: 'image/jpeg', width: 900, height: 900 }],
  ['gs1/04006067084218_C2C1.jpg', { kind: 'raster', mimeType: 'image/jpeg', width: 900, height: 900 }],
  // Bounding box 248×80 pt at 300 dpi; CMYK operators in the PostScript.
  [
    'logo.eps',
    {
      kind: 'vector',
      mimeType: 'application/postscript',
      width: 1033,
      height: 333,
      colorspace: 'cmyk',
      pageCount: 1,
      hasAlpha: false,
    },
  ],
  // A4 (595×842 pt) at 300 dpi.
  [
    'template.pdf',
    { kind: 'document', mimeType: 'application/pdf', width: 2479, height: 3508, pageCount: 1, dpiX: null },
  ],
];

const BAD: Array<[string, MediaRejectionCode]> = [
  ['bad/zero-bytes.png', 'media.errors.empty'],
  ['bad/not-an-image.jpg', 'media.errors.unsupported'],
  ['bad/windows-exe.png', 'media.errors.unsupported'],
  ['bad/truncated.jpg', 'media.errors.damaged'],
  ['bad/pixel-flood.png', 'media.errors.tooLarge'],
];

async function rejection(promise: Promise<unknown>): Promise<MediaRejectedError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(MediaRejectedError);
  return err as MediaRejectedError;
}

describe('probeMedia', () => {
  let dir: string;
  const temp = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-probe-'));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it.each(GOOD)('accepts %s', async (name, expected) => {
    expect(await probeMedia(fixture(name))).toMatchObject(expected);
  });

  it.each(BAD)('refuses %s with %s', async (name, code) => {
    expect((await rejection(probeMedia(fixture(name)))).code).toBe(code);
  });

  it('refuses the pixel flood from its header: fast and without decoding', async () => {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const err = await rejection(probeMedia(fixture('bad/pixel-flood.png')));
    const elapsed = performance.now() - started;
    const growth = process.memoryUsage().rss - rssBefore;
    expect(err.code).toBe('media.errors.tooLarge');
    expect(err.message).toContain('30000×30000');
    expect(elapsed).toBeLessThan(500);
    expect(growth).toBeLessThan(200 * 1024 * 1024);
  });

  it('decides by content, not by the file name', async () => {
    await fsp.copyFile(fixture('packshot-rgb.jpg'), temp('looks-like.png'));
    await fsp.copyFile(fixture('bad/not-an-image.jpg'), temp('page.pdf'));
    expect((await probeMedia(temp('looks-like.png'))).mimeType).toBe('image/jpeg');
    expect((await rejection(probeMedia(temp('page.pdf')))).code).toBe('media.errors.unsupported');
  });

  it('accepts WebP and GIF', async () => {
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#6b4226' } });
    await image.clone().webp().toFile(temp('bean.webp'));
    await image.clone().gif().toFile(temp('bean.gif'));
    expect(await probeMedia(temp('bean.webp'))).toMatchObject({
      mimeType: 'image/webp',
      width: 40,
      height: 30,
    });
    expect(await probeMedia(temp('bean.gif'))).toMatchObject({
      mimeType: 'image/gif',
      width: 40,
      height: 30,
    });
  });

  it('accepts a DOS EPS binary (header C5D0D3C6 pointing at the PostScript)', async () => {
    await fsp.writeFile(temp('logo-dos.eps'), await dosEps(fixture('logo.eps')));
    expect(await probeMedia(temp('logo-dos.eps'))).toMatchObject({
      kind: 'vector',
      width: 1033,
      height: 333,
    });
  });

  it('refuses PostScript that is not EPS, and an EPS without a bounding box', async () => {
    await fsp.writeFile(
      temp('program.ps'),
      '%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont\nshowpage\n',
    );
    await fsp.writeFile(temp('no-box.eps'), '%!PS-Adobe-3.0 EPSF-3.0\n%%EndComments\nshowpage\n');
    expect((await rejection(probeMedia(temp('program.ps')))).code).toBe('media.errors.unsupported');
    expect((await rejection(probeMedia(temp('no-box.eps')))).code).toBe('media.errors.damaged');
  });

  it('refuses a PDF that is only a header as damaged', async () => {
    await fsp.writeFile(temp('broken.pdf'), '%PDF-1.7\nthis is not a PDF body\n');
    expect((await rejection(probeMedia(temp('broken.pdf')))).code).toBe('media.errors.damaged');
  });

  it('refuses a truncated PNG as damaged', async () => {
    const png = await fsp.readFile(fixture('cutout-alpha.png'));
    await fsp.writeFile(temp('cut.png'), png.subarray(0, Math.floor(png.length / 2)));
    expect((await rejection(probeMedia(temp('cut.png')))).code).toBe('media.errors.damaged');
  });
});

describe('detectFormat', () => {
  const bytes = (...values: Array<number | string>) =>
    Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

  it('knows the magic bytes of every accepted format', () => {
    expect(detectFormat(bytes(0xff, 0xd8, 0xff, 0xe0))?.mimeType).toBe('image/jpeg');
    expect(detectFormat(bytes(0x89, 'PNG\r\n', 0x1a, '\n'))?.mimeType).toBe('image/png');
    expect(detectFormat(bytes('II*', 0))?.mimeType).toBe('image/tiff');
    expect(detectFormat(bytes('MM', 0, '*'))?.mimeType).toBe('image/tiff');
    expect(detectFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.mimeType).toBe('image/webp');
    expect(detectFormat(bytes('GIF89a'))?.mimeType).toBe('image/gif');
    expect(detectFormat(bytes('%!PS-Adobe-3.0 EPSF-3.0\n'))?.format).toBe('eps');
    expect(detectFormat(bytes(0xc5, 0xd0, 0xd3, 0xc6, 30, 0))).toMatchObject({
      format: 'eps',
      dosBinary: true,
    });
    expect(detectFormat(bytes('%PDF-1.7\n'))?.mimeType).toBe('application/pdf');
  });

  it('knows nothing else', () => {
    for (const head of [
      '<html><script>',
      'MZ\x90\x00',
      'RIFF\0\0\0\0WAVE',
      '%!PS-Adobe-3.0\n',
      ' %PDF-1.7',
      'PK\x03\x04',
    ]) {
      expect(detectFormat(Buffer.from(head, 'latin1')), head).toBeUndefined();
    }
    expect(detectFormat(Buffer.alloc(0))).toBeUndefined();
  });
});
