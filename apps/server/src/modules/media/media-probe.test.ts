import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaRejectionCode } from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dosEps, fixture } from '../../test/media-fixtures.js';
import { opaqueAlphaPng, opaqueWebp, rgb16Tiff } from '../catalogue/testing/format-samples.js';
import { detectFormat } from './media-format.js';
import { probeMedia } from './media-probe.js';
import { MediaRejectedError, type MediaInfo } from './media-types.js';

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
      format: 'jpeg',
      bitDepth: 8,
      transparent: false,
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
      format: 'tiff',
      bitDepth: 8,
    },
  ],
  [
    'cutout-alpha.png',
    {
      kind: 'raster',
      mimeType: 'image/png',
      width: 1200,
      height: 1200,
      colorspace: 'srgb',
      hasAlpha: true,
      format: 'png',
      transparent: true,
    },
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
      format: 'eps',
      bitDepth: null,
      transparent: false,
    },
  ],
  // A4 (595×842 pt) at 300 dpi.
  [
    'template.pdf',
    {
      kind: 'document',
      mimeType: 'application/pdf',
      width: 2479,
      height: 3508,
      pageCount: 1,
      dpiX: null,
      format: 'pdf',
      bitDepth: null,
    },
  ],
];

const BAD: Array<[string, MediaRejectionCode]> = [
  ['bad/zero-bytes.png', 'media.errors.empty'],
  ['bad/not-an-image.jpg', 'media.errors.unsupported'],
  ['bad/windows-exe.png', 'media.errors.unsupported'],
  ['bad/truncated.jpg', 'media.errors.damaged'],
  ['bad/pixel-flood.png', 'media.errors.tooLarge'],
];

/**
 * An uncompressed 8-bit grey TIFF laid out as some scanners write it: header, then the IFD, then
 * one strip of pixels. (libvips writes the IFD last, so cutting its files loses the header too.)
 */
function greyTiffWithIfdFirst(width: number, height: number): Buffer {
  const entries: Array<[tag: number, type: number, value: number]> = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1], // no compression
    [262, 3, 1], // black is zero
    [273, 4, 0], // strip offset, filled in below
    [277, 3, 1],
    [278, 4, height],
    [279, 4, width * height],
  ];
  const ifdBytes = 2 + entries.length * 12 + 4;
  const dataAt = 8 + ifdBytes;
  const file = Buffer.alloc(dataAt + width * height, 0x80);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(8, 4);
  file.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    file.writeUInt16LE(tag, at);
    file.writeUInt16LE(type, at + 2);
    file.writeUInt32LE(1, at + 4);
    file.fill(0, at + 8, at + 12);
    if (type === 3) file.writeUInt16LE(value, at + 8);
    else file.writeUInt32LE(tag === 273 ? dataAt : value, at + 8);
  });
  file.writeUInt32LE(0, 10 + entries.length * 12); // no next IFD
  return file;
}

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

  it('tells format, bit depth and real transparency, not just an alpha channel (issue 21.6)', async () => {
    await fsp.writeFile(temp('rgb16.tif'), rgb16Tiff(64, 48));
    await fsp.writeFile(temp('banner.webp'), await opaqueWebp(40, 30));
    await fsp.writeFile(temp('opaque-alpha.png'), await opaqueAlphaPng(40, 30));
    const grey = sharp({ create: { width: 20, height: 20, channels: 3, background: '#777' } });
    await grey.clone().toColourspace('grey16').png().toFile(temp('grey16.png'));
    await grey.clone().png({ palette: true }).toFile(temp('palette.png'));
    expect(await probeMedia(temp('rgb16.tif'))).toMatchObject({
      format: 'tiff',
      colorspace: 'rgb16',
      bitDepth: 16,
      dpiX: 300,
      hasAlpha: false,
      transparent: false,
    });
    expect(await probeMedia(temp('banner.webp'))).toMatchObject({ format: 'webp', hasAlpha: false });
    expect(await probeMedia(temp('opaque-alpha.png'))).toMatchObject({ hasAlpha: true, transparent: false });
    expect(await probeMedia(temp('grey16.png'))).toMatchObject({ colorspace: 'grey16', bitDepth: 16 });
    expect(await probeMedia(temp('palette.png'))).toMatchObject({
      format: 'png',
      bitDepth: 8,
      transparent: false,
    });
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

  /** The first `share` of a file's bytes, written to the temp dir: an upload cut short. */
  async function cut(file: string, name: string, share = 0.5): Promise<string> {
    const bytes = await fsp.readFile(file);
    await fsp.writeFile(temp(name), bytes.subarray(0, Math.floor(bytes.length * share)));
    return temp(name);
  }

  it.each([
    ['cutout-alpha.png', 'cut.png'],
    ['packshot-cmyk.tif', 'cut.tif'],
  ])('refuses %s cut in half as damaged', async (name, cutName) => {
    expect((await rejection(probeMedia(await cut(fixture(name), cutName)))).code).toBe(
      'media.errors.damaged',
    );
  });

  it('refuses cut WebP, GIF, tiled TIFF and BigTIFF files as damaged', async () => {
    const image = sharp(fixture('packshot-rgb.jpg'));
    const whole = {
      'photo.webp': await image.clone().webp().toBuffer(),
      'photo.gif': await image.clone().gif().toBuffer(),
      'tiled.tif': await image.clone().tiff({ tile: true, tileWidth: 256, tileHeight: 256 }).toBuffer(),
      'big.tif': await image.clone().tiff({ bigtiff: true }).toBuffer(),
    };
    for (const [name, bytes] of Object.entries(whole)) {
      await fsp.writeFile(temp(name), bytes);
      expect((await probeMedia(temp(name))).width, name).toBe(1200);
      const code = (await rejection(probeMedia(await cut(temp(name), `cut-${name}`, 0.7)))).code;
      expect(code, name).toBe('media.errors.damaged');
    }
  });

  it('refuses a TIFF whose strip runs past the end of the file (IFD first, so its header reads fine)', async () => {
    const tiff = greyTiffWithIfdFirst(300, 200);
    await fsp.writeFile(temp('whole.tif'), tiff);
    expect(await probeMedia(temp('whole.tif'))).toMatchObject({ mimeType: 'image/tiff', width: 300 });
    await fsp.writeFile(temp('short.tif'), tiff.subarray(0, tiff.length - 1000));
    expect((await sharp(temp('short.tif')).metadata()).width).toBe(300);
    const err = await rejection(probeMedia(temp('short.tif')));
    expect(err.code).toBe('media.errors.damaged');
    expect(err.message).toContain('data ends at byte');
  });

  it('accepts data after the end of the picture: padding, a JPEG trailer, bytes after IEND', async () => {
    const jpeg = await fsp.readFile(fixture('packshot-rgb.jpg'));
    const png = await fsp.readFile(fixture('cutout-alpha.png'));
    // A phone's motion photo appends a video after the JPEG's EOI; padding is zeros.
    const trailer = Buffer.concat([Buffer.from('ftypmp42'), Buffer.alloc(20_000, 0x5a)]);
    await fsp.writeFile(temp('padded.jpg'), Buffer.concat([jpeg, Buffer.alloc(512)]));
    await fsp.writeFile(temp('motion.jpg'), Buffer.concat([jpeg, trailer]));
    await fsp.writeFile(temp('trailing.png'), Buffer.concat([png, Buffer.from('trailing bytes')]));
    for (const name of ['padded.jpg', 'motion.jpg', 'trailing.png']) {
      expect((await probeMedia(temp(name))).width, name).toBe(1200);
    }
  });

  it('refuses a truncated JPEG that carries a trailer-like tail', async () => {
    const half = await fsp.readFile(await cut(fixture('packshot-rgb.jpg'), 'half.jpg'));
    await fsp.writeFile(temp('half-trailer.jpg'), Buffer.concat([half, Buffer.from('ftypmp42 not an EOI')]));
    expect((await rejection(probeMedia(temp('half-trailer.jpg')))).code).toBe('media.errors.damaged');
  });

  it('judges structure, not pixels: a cut JPEG given a new end marker passes the probe', async () => {
    const half = await fsp.readFile(fixture('bad/truncated.jpg'));
    await fsp.writeFile(temp('resealed.jpg'), Buffer.concat([half, Buffer.from([0xff, 0xd9])]));
    expect(await probeMedia(temp('resealed.jpg'))).toMatchObject({ width: 1200, height: 1200 });
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
