import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaRejectionCodes } from '@mediabox/contract';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/media-fixtures.js';
import { ghostscriptInstalled } from '../ghostscript-availability.js';
import { probeMedia } from '../media-probe.js';
import { MediaRejectedError } from '../media-types.js';
import { MemoryBudget } from '../memory-budget.js';
import { pdfium } from '../pdfium.js';
import { ConversionError } from './conversion-error.js';
import type { ConversionSpec } from './conversion-spec.js';
import { convertImage, type ConvertedImage } from './convert-image.js';
import { iccColourSpace, readJpegFacts, readPngPhys, readTiffFacts } from './testing/file-structure.js';

type Colour = number[];

const onlineShop: ConversionSpec = {
  format: 'jpeg',
  size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
  allowUpscale: false,
  colourSpace: 'srgb',
  dpi: 72,
  jpeg: { quality: 90 },
};
const printTiff: ConversionSpec = {
  format: 'tiff',
  size: { mode: 'fit', width: 1200, height: 1200 },
  allowUpscale: false,
  colourSpace: 'cmyk',
  dpi: 300,
};
const webJpeg = (size: ConversionSpec['size'], allowUpscale = false): ConversionSpec => ({
  format: 'jpeg',
  size,
  allowUpscale,
  colourSpace: 'srgb',
  dpi: 72,
});

let dir: string;
let count = 0;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-convert-test-'));
});
afterAll(async () => {
  await pdfium.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const target = (extension: string) => path.join(dir, `out-${++count}.${extension}`);
const convert = (source: string, spec: ConversionSpec) =>
  convertImage(source, spec, { outputPath: target(spec.format) });

/** A source drawn here: `svg` rendered at its own size, then written by `write`. */
async function drawn(name: string, svg: string, write: (image: Sharp) => Sharp): Promise<string> {
  const file = path.join(dir, name);
  await write(sharp(Buffer.from(svg))).toFile(file);
  return file;
}

/** Green canvas with a red square in the middle: crop, fit and pad each show in the corners. */
const redSquareOnGreen = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
  `<rect width="100%" height="100%" fill="#00ff00"/>` +
  `<rect x="${(width - height) / 2}" y="0" width="${height}" height="${height}" fill="#ff0000"/></svg>`;

/** The numbers stored in a file, 8 bits per channel: sharp would otherwise apply the embedded profile while reading. */
async function storedPixels(file: string | Buffer, space: 'srgb' | 'cmyk' = 'srgb') {
  // CMYK read as CMYK: sharp would otherwise take it through sRGB and back.
  const image = sharp(file, { ignoreIcc: true });
  return (space === 'cmyk' ? image.pipelineColourspace('cmyk') : image)
    .toColourspace(space)
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** Reads the output back: sharp's metadata and a pixel sampler of the stored numbers. */
async function readBack(result: ConvertedImage) {
  const file = await fsp.readFile(result.path);
  const metadata = await sharp(file).metadata();
  const { data, info } = await storedPixels(file, metadata.space === 'cmyk' ? 'cmyk' : 'srgb');
  const at = (x: number, y: number): Colour => {
    const i = (y * info.width + x) * info.channels;
    return [...data.subarray(i, i + info.channels)];
  };
  return { file, metadata, at };
}

/** Each channel within `tolerance` levels; a failure shows the actual values. */
function expectNear(actual: Colour, expected: Colour, tolerance = 12): void {
  const judged = expected.map((value, i) => (Math.abs(actual[i]! - value) <= tolerance ? value : actual[i]));
  expect(judged, `${actual.join(',')} vs ${expected.join(',')}`).toEqual(expected);
}

/** 50 × 50 16-bit RGB samples of one 8-bit colour (×257: 255 becomes 65535). */
function rgb16Pixels(colour: Colour, pixels = 50 * 50): Uint16Array {
  const samples = new Uint16Array(pixels * 3);
  for (let i = 0; i < samples.length; i++) samples[i] = colour[i % 3]! * 257;
  return samples;
}

/**
 * Display P3 to sRGB by the book, independent of lcms: both use the sRGB tone curve; the linear
 * values go through the P3-D65 to sRGB matrix (from the primaries, both D65).
 */
function displayP3ToSrgb(rgb: Colour): Colour {
  const linear = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const matrix = [
    [1.2249401, -0.2249404, 0],
    [-0.0420569, 1.0420571, 0],
    [-0.0196376, -0.0786361, 1.0982735],
  ];
  return matrix.map((row) => {
    const c = Math.min(
      1,
      Math.max(
        0,
        row.reduce((sum, m, i) => sum + m * linear[i]!, 0),
      ),
    );
    return Math.round(255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055));
  });
}

async function refusal(promise: Promise<unknown>): Promise<MediaRejectedError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(MediaRejectedError);
  return err as MediaRejectedError;
}

async function conversionFailure(promise: Promise<unknown>): Promise<ConversionError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(ConversionError);
  return err as ConversionError;
}

describe('convertImage: sizes', () => {
  it('pads a wide picture to exactly W × H, centred on the background colour', async () => {
    const source = await drawn('wide.png', redSquareOnGreen(1600, 800), (image) => image.png());
    const spec: ConversionSpec = {
      ...onlineShop,
      size: { mode: 'pad', width: 1000, height: 1000, background: '#0000ff' },
    };
    const result = await convert(source, spec);
    expect(result).toMatchObject({ width: 1000, height: 1000, format: 'jpeg', colourSpace: 'srgb', dpi: 72 });
    const { metadata, at } = await readBack(result);
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1000, height: 1000, space: 'srgb', channels: 3 });
    // 1000 × 500 picture, 250 px of blue above and below.
    expectNear(at(500, 100), [0, 0, 255]);
    expectNear(at(500, 900), [0, 0, 255]);
    expectNear(at(10, 500), [0, 255, 0]);
    expectNear(at(500, 500), [255, 0, 0]);
  });

  it('crops to the centre and fits inside, keeping the aspect', async () => {
    const source = await drawn('wide2.png', redSquareOnGreen(1600, 800), (image) => image.png());
    const cropped = await readBack(await convert(source, webJpeg({ mode: 'crop', width: 400, height: 400 })));
    expect([cropped.metadata.width, cropped.metadata.height]).toEqual([400, 400]);
    for (const [x, y] of [
      [2, 2],
      [397, 397],
      [200, 200],
    ] as const) {
      expectNear(cropped.at(x, y), [255, 0, 0]);
    }
    const fitted = await readBack(await convert(source, webJpeg({ mode: 'fit', width: 400, height: 400 })));
    expect([fitted.metadata.width, fitted.metadata.height]).toEqual([400, 200]);
    expectNear(fitted.at(5, 100), [0, 255, 0]);
  });

  it('never enlarges unless allowed: fit keeps the size, pad widens the border, crop cuts the largest centred square', async () => {
    const source = await drawn('small.png', redSquareOnGreen(800, 600), (image) => image.png());
    const fit = { mode: 'fit', width: 1000, height: 1000 } as const;
    expect(await convert(source, webJpeg(fit))).toMatchObject({ width: 800, height: 600 });
    expect(await convert(source, webJpeg(fit, true))).toMatchObject({ width: 1000, height: 750 });
    const padded = await readBack(await convert(source, onlineShop));
    expect([padded.metadata.width, padded.metadata.height]).toEqual([1000, 1000]);
    // 800 × 600 at its own size: white from x 0–99, green from 100.
    expectNear(padded.at(95, 500), [255, 255, 255]);
    expectNear(padded.at(110, 500), [0, 255, 0]);
    const cropped = await readBack(
      await convert(source, webJpeg({ mode: 'crop', width: 1000, height: 1000 })),
    );
    expect([cropped.metadata.width, cropped.metadata.height]).toEqual([600, 600]);
    expectNear(cropped.at(5, 5), [255, 0, 0]);
  });

  it('applies the EXIF orientation: the rotated test card comes out upright, without an orientation tag', async () => {
    const result = await convert(fixture('rotated-exif.jpg'), {
      ...webJpeg({ mode: 'fit', width: 300, height: 300 }),
      format: 'png',
    });
    expect(result).toMatchObject({ width: 225, height: 300 });
    const { metadata, at } = await readBack(result);
    expect(metadata.orientation ?? 1).toBe(1);
    // Red "TOP" bar at the top, green bar at the bottom.
    const top = at(112, 8);
    const bottom = at(112, 292);
    expect(top[0]!).toBeGreaterThan(150);
    expect(top[1]!).toBeLessThan(100);
    expect(bottom[1]!).toBeGreaterThan(100);
    expect(bottom[0]!).toBeLessThan(100);
  });
});

describe('convertImage: colour', () => {
  it('writes a print TIFF that is really CMYK, at 300 dpi, with a CMYK profile embedded', async () => {
    const result = await convert(fixture('packshot-rgb.jpg'), printTiff);
    expect(result).toMatchObject({
      width: 1200,
      height: 1200,
      colourSpace: 'cmyk',
      dpi: 300,
      hasAlpha: false,
    });
    const { file, metadata } = await readBack(result);
    expect(metadata).toMatchObject({ format: 'tiff', space: 'cmyk', channels: 4, density: 300 });
    expect(iccColourSpace(metadata.icc!)).toBe('CMYK');
    // The independent reader: photometric 5 = separated (CMYK), 4 samples, 300 per inch, profile tag.
    const tiff = readTiffFacts(file);
    expect(tiff).toMatchObject({
      photometric: 5,
      samplesPerPixel: 4,
      xResolution: 300,
      yResolution: 300,
      resolutionUnit: 2,
    });
    expect(tiff.iccBytes).toBeGreaterThan(1000);
    expect(result.bytes).toBe(file.length);
  });

  it('keeps CMYK ink when a CMYK source becomes CMYK: a source profile exactly, untagged ink within a few levels', async () => {
    const points = [
      [600, 600],
      [600, 300],
      [300, 900],
      [5, 5],
    ] as const;
    const ink = async (file: string | Buffer) => {
      const { data, info } = await storedPixels(file, 'cmyk');
      return points.map(([x, y]) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ]);
    };
    const untagged = fixture('packshot-cmyk.tif');
    const kept = await convert(untagged, printTiff);
    const keptBack = await readBack(kept);
    expect(iccColourSpace(keptBack.metadata.icc!)).toBe('CMYK');
    const before = await ink(untagged);
    (await ink(keptBack.file)).forEach((pixel, i) => expectNear(pixel, before[i]!, 3));
    // A CMYK TIFF with a profile of its own keeps both, to the level.
    const tagged = path.join(dir, 'tagged-cmyk.tif');
    await sharp(fixture('packshot-rgb.jpg'))
      .toColourspace('cmyk')
      .withIccProfile('cmyk')
      .tiff({ compression: 'lzw' })
      .toFile(tagged);
    const taggedBack = await readBack(
      await convert(tagged, { ...printTiff, format: 'jpeg', jpeg: { quality: 100 } }),
    );
    expect(taggedBack.metadata.icc!.length).toBe((await sharp(tagged).metadata()).icc!.length);
    const taggedBefore = await ink(tagged);
    (await ink(taggedBack.file)).forEach((pixel, i) => expectNear(pixel, taggedBefore[i]!, 3)); // JPEG q100
  });

  it('writes a CMYK JPEG with four components and its profile', async () => {
    const result = await convert(fixture('packshot-rgb.jpg'), { ...printTiff, format: 'jpeg' });
    const { file, metadata } = await readBack(result);
    expect(metadata).toMatchObject({ space: 'cmyk', channels: 4, density: 300 });
    const jpeg = readJpegFacts(file);
    expect(jpeg).toMatchObject({ components: 4, adobe: true, width: 1200, height: 1200 });
    expect(jpeg.exifDensity).toEqual({ x: 300, y: 300, unit: 2 });
    expect(jpeg.iccBytes).toBeGreaterThan(1000);
  });

  it('makes web JPEGs sRGB from a CMYK source, with colours close to the RGB original', async () => {
    const spec = webJpeg({ mode: 'fit', width: 600, height: 600 });
    const fromCmyk = await readBack(await convert(fixture('packshot-cmyk.jpg'), spec));
    const fromRgb = await readBack(await convert(fixture('packshot-rgb.jpg'), spec));
    expect(fromCmyk.metadata).toMatchObject({ space: 'srgb', channels: 3, density: 72 });
    expect(iccColourSpace(fromCmyk.metadata.icc!)).toBe('RGB ');
    const jpeg = readJpegFacts(fromCmyk.file);
    expect(jpeg).toMatchObject({ components: 3, adobe: false, exifDensity: { x: 72, y: 72, unit: 2 } });
    // Not inverted, not neon: every sampled point within 20 levels of the RGB file's.
    for (const [x, y] of [
      [300, 300],
      [300, 150],
      [100, 500],
      [450, 420],
    ] as const) {
      expectNear(fromCmyk.at(x, y), fromRgb.at(x, y), 20);
    }
  });

  it('converts Display P3 pixels to sRGB, 8 and 16 bit, instead of passing the numbers through', async () => {
    const spec = { ...webJpeg({ mode: 'fit', width: 8, height: 8 }), format: 'png' } as const;
    // sharp turns sRGB (200, 60, 40) into the P3 numbers of the same colour and tags them P3 ...
    const eightBit = path.join(dir, 'p3.png');
    await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .withIccProfile('p3')
      .png()
      .toFile(eightBit);
    // ... and widens those numbers to 16 bits, keeping the P3 profile.
    const sixteenBit = path.join(dir, 'p3-16.png');
    await sharp(eightBit).toColourspace('rgb16').keepIccProfile().png().toFile(sixteenBit);
    expect((await sharp(sixteenBit).metadata()).depth).toBe('ushort');
    for (const source of [eightBit, sixteenBit]) {
      const stored = [...(await storedPixels(source)).data.subarray(0, 3)];
      expect(stored).not.toEqual([200, 60, 40]);
      const { metadata, at } = await readBack(await convert(source, spec));
      expect(iccColourSpace(metadata.icc!)).toBe('RGB ');
      expect(metadata.icc!.includes('P3')).toBe(false);
      expectNear(at(4, 4), displayP3ToSrgb(stored), 3);
      expectNear(at(4, 4), [200, 60, 40], 3);
    }
  });

  it('makes 8-bit sRGB from 16-bit, palette and greyscale sources', async () => {
    const colour = { r: 30, g: 120, b: 220 };
    const create = { create: { width: 50, height: 50, channels: 3 as const, background: colour } };
    const sixteen = path.join(dir, 'sixteen.png');
    await sharp(rgb16Pixels([30, 120, 220]), { raw: { width: 50, height: 50, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toFile(sixteen);
    const sixteenFacts = await sharp(sixteen).metadata();
    expect(sixteenFacts).toMatchObject({ depth: 'ushort', space: 'rgb16' });
    expect(sixteenFacts.icc).toBeUndefined(); // untagged: sharp would take it for Display P3
    const palette = path.join(dir, 'palette.png');
    await sharp(create).png({ palette: true }).toFile(palette);
    expect((await sharp(palette).metadata()).isPalette).toBe(true);
    const grey = path.join(dir, 'grey.png');
    await sharp(create).toColourspace('b-w').png().toFile(grey);
    expect((await sharp(grey).metadata()).channels).toBe(1);
    for (const format of ['jpeg', 'png', 'tiff'] as const) {
      const spec = { ...webJpeg({ mode: 'fit', width: 50, height: 50 }), format };
      for (const [source, expected] of [
        [sixteen, [30, 120, 220]],
        [palette, [30, 120, 220]],
        [grey, undefined],
      ] as const) {
        const { metadata, at } = await readBack(await convert(source, spec));
        expect(metadata).toMatchObject({ space: 'srgb', channels: 3, depth: 'uchar' });
        const pixel = at(25, 25);
        if (expected) expectNear(pixel, [...expected], 6);
        else expect(Math.max(...pixel) - Math.min(...pixel)).toBeLessThanOrEqual(2); // grey stays grey
      }
    }
  });
});

describe('convertImage: transparency and formats', () => {
  it('flattens a transparent cut-out onto white for JPEG and CMYK, keeps alpha for PNG and WebP', async () => {
    const cutout = fixture('cutout-alpha.png');
    const fit = { mode: 'fit', width: 600, height: 600 } as const;
    const jpeg = await readBack(await convert(cutout, webJpeg(fit)));
    expect(jpeg.metadata.hasAlpha).toBe(false);
    expectNear(jpeg.at(2, 2), [255, 255, 255], 3);
    const png = await convert(cutout, { ...webJpeg(fit), format: 'png' });
    expect(png.hasAlpha).toBe(true);
    const pngBack = await readBack(png);
    expect(pngBack.metadata).toMatchObject({ hasAlpha: true, channels: 4 });
    expect(pngBack.at(2, 2)[3]).toBe(0);
    expect(readPngPhys(pngBack.file)).toEqual({ x: 2835, y: 2835, unit: 1 }); // 72 dpi in pixels per metre
    const webp = await convert(cutout, { ...webJpeg(fit), format: 'webp' });
    expect(webp).toMatchObject({ hasAlpha: true, dpi: null });
    expect((await sharp(webp.path).metadata()).hasAlpha).toBe(true);
    const cmyk = await readBack(await convert(cutout, printTiff));
    expect(cmyk.metadata).toMatchObject({ space: 'cmyk', channels: 4, hasAlpha: false });
    expect(cmyk.at(2, 2).every((ink) => ink <= 3)).toBe(true); // white paper: no ink
  });

  it('pads a PNG with an opaque border and keeps the picture’s own transparency', async () => {
    const spec: ConversionSpec = {
      ...onlineShop,
      format: 'png',
      size: { mode: 'pad', width: 1000, height: 600, background: '#0000ff' },
    };
    const { metadata, at } = await readBack(await convert(fixture('cutout-alpha.png'), spec));
    expect(metadata).toMatchObject({ width: 1000, height: 600, channels: 4 });
    expect(at(10, 300)).toEqual([0, 0, 255, 255]); // border
    expect(at(203, 3)[3]).toBe(0); // the cut-out's transparent corner, 200 px in
  });

  it('pads CMYK to CMYK with paper white (no ink) and the picture’s ink unchanged', async () => {
    const spec: ConversionSpec = {
      ...printTiff,
      size: { mode: 'pad', width: 1400, height: 1400, background: '#ffffff' },
    };
    const padded = await readBack(await convert(fixture('packshot-cmyk.tif'), spec));
    expect([padded.metadata.width, padded.metadata.height]).toEqual([1400, 1400]);
    expect(padded.at(5, 5)).toEqual([0, 0, 0, 0]);
    const { data, info } = await storedPixels(fixture('packshot-cmyk.tif'), 'cmyk');
    const centre = (600 * info.width + 600) * 4;
    expectNear(padded.at(700, 700), [...data.subarray(centre, centre + 4)], 3);
  });

  it('flattens onto the pad colour in pad mode', async () => {
    const spec: ConversionSpec = {
      ...onlineShop,
      size: { mode: 'pad', width: 1000, height: 1000, background: '#f5f0e6' },
    };
    const { at } = await readBack(await convert(fixture('cutout-alpha.png'), spec));
    expectNear(at(3, 3), [0xf5, 0xf0, 0xe6], 3);
  });

  it('finds the largest JPEG quality under a byte limit, and says when none fits', async () => {
    const spec: ConversionSpec = { ...onlineShop, jpeg: { maxBytes: 40_000 } };
    const result = await convert(fixture('packshot-rgb.jpg'), spec);
    expect(result.bytes).toBeLessThanOrEqual(40_000);
    expect((await fsp.stat(result.path)).size).toBe(result.bytes);
    expect(result.quality).toBeLessThan(95);
    const oneBetter = await convert(fixture('packshot-rgb.jpg'), {
      ...onlineShop,
      jpeg: { quality: result.quality! + 1 },
    });
    expect(oneBetter.bytes).toBeGreaterThan(40_000);
    const roomy = await convert(fixture('packshot-rgb.jpg'), {
      ...onlineShop,
      jpeg: { maxBytes: 5_000_000 },
    });
    expect(roomy.quality).toBe(95);
    const failure = await conversionFailure(
      convert(fixture('packshot-rgb.jpg'), { ...onlineShop, jpeg: { maxBytes: 2_000 } }),
    );
    expect(failure.reason).toBe('maxBytesUnreachable');
  });

  it('refuses an impossible spec before touching the file', async () => {
    const failure = await conversionFailure(
      convert(fixture('packshot-rgb.jpg'), { ...printTiff, format: 'png' }),
    );
    expect(failure.reason).toBe('invalidSpec');
    expect(failure.message).toContain('PNG cannot hold CMYK');
  });

  it('writes to a temp folder of its own when no output path is given, and waits within a memory budget', async () => {
    const budget = new MemoryBudget(64 * 1024 * 1024, 1);
    const result = await convertImage(fixture('packshot-rgb.jpg'), onlineShop, { budget });
    try {
      expect(path.basename(result.path)).toBe('converted.jpg');
      expect((await fsp.stat(result.path)).size).toBe(result.bytes);
      expect(budget.bytesInUse).toBe(0);
    } finally {
      await fsp.rm(path.dirname(result.path), { recursive: true, force: true });
    }
  });
});

describe('convertImage: sources it must refuse', () => {
  it('refuses a pixel flood from its header, and again from the decoder when the caller’s facts were wrong', async () => {
    const flood = fixture('bad/pixel-flood.png');
    expect((await refusal(convert(flood, onlineShop))).code).toBe(MediaRejectionCodes.tooLarge);
    const lie = { ...(await probeMedia(fixture('packshot-rgb.jpg'))), mimeType: 'image/png' };
    const err = await refusal(convertImage(flood, onlineShop, { info: lie, outputPath: target('jpg') }));
    expect(err.code).toBe(MediaRejectionCodes.tooLarge);
  });

  it('refuses a truncated JPEG as damaged instead of delivering half a picture, leaving no file behind', async () => {
    const ours = async () =>
      (await fsp.readdir(os.tmpdir())).filter(
        (name) => name.startsWith('mediabox-convert-') && !name.includes('test'),
      );
    const before = await ours();
    const err = await refusal(convertImage(fixture('bad/truncated.jpg'), onlineShop));
    expect(err.code).toBe(MediaRejectionCodes.damaged);
    expect(await ours()).toEqual(before);
    const output = target('jpg');
    await refusal(convertImage(fixture('bad/truncated.jpg'), onlineShop, { outputPath: output }));
    await expect(fsp.access(output)).rejects.toThrow();
  });
});

describe('convertImage: documents', () => {
  it('renders page 1 of a PDF at the output size', async () => {
    const result = await convert(fixture('template.pdf'), webJpeg({ mode: 'fit', width: 500, height: 500 }));
    // A4 is 595 × 842 pt.
    expect(result).toMatchObject({ width: 353, height: 500 });
    expect((await sharp(result.path).metadata()).space).toBe('srgb');
  });

  it('takes only the first page of a multi-page PDF', async () => {
    const result = await convert(
      fixture('conversion/two-pages.pdf'),
      webJpeg({ mode: 'fit', width: 400, height: 400 }),
    );
    expect(result).toMatchObject({ width: 284, height: 400 }); // page 1 is portrait, page 2 landscape
    const { at } = await readBack(result);
    expectNear(at(142, 200), [255, 0, 0], 30);
  });
});

describe.skipIf(!ghostscriptInstalled())('convertImage: EPS (needs Ghostscript)', () => {
  it('renders the EPS at the output size: sRGB JPEG, CMYK TIFF, transparent PNG', async () => {
    const eps = fixture('logo.eps');
    const fit = { mode: 'fit', width: 1000, height: 1000 } as const;
    const jpeg = await convert(eps, webJpeg(fit));
    // Bounding box 248 × 80 pt, probed as 1033 × 333 px.
    expect(jpeg).toMatchObject({ width: 1000, height: 322 });
    expect((await sharp(jpeg.path).metadata()).space).toBe('srgb');
    const tiff = await readBack(
      await convert(eps, { ...printTiff, size: { mode: 'fit', width: 2000, height: 2000 } }),
    );
    expect([tiff.metadata.width, tiff.metadata.height]).toEqual([2000, 645]);
    expect(readTiffFacts(tiff.file)).toMatchObject({ photometric: 5, samplesPerPixel: 4, xResolution: 300 });
    // The circle's ink as the EPS sets it (0 55 85 55 %), not four-colour brown from a trip through RGB.
    expectNear(tiff.at(323, 323), [0, 140, 217, 140], 2);
    expect(iccColourSpace(tiff.metadata.icc!)).toBe('CMYK');
    const png = await readBack(await convert(eps, { ...webJpeg(fit), format: 'png' }));
    expect(png.metadata.hasAlpha).toBe(true);
    expect(png.at(0, 0)[3]).toBe(0);
  });

  it('says Ghostscript is missing as a conversion failure, not a damaged file', async () => {
    const failure = await conversionFailure(
      convertImage(fixture('logo.eps'), onlineShop, { ghostscript: false, outputPath: target('jpg') }),
    );
    expect(failure.reason).toBe('ghostscriptMissing');
  });
});
