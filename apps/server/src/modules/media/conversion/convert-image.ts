import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MediaRejectionCodes } from '@mediabox/contract';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { withShrinkOnLoad } from '../jpeg-shrink-on-load.js';
import { MAX_PIXELS, probeMedia } from '../media-probe.js';
import { MediaRejectedError, type MediaInfo } from '../media-types.js';
import type { MemoryBudget } from '../memory-budget.js';
import { PdfiumUnavailableError } from '../pdfium.js';
import { ConversionError } from './conversion-error.js';
import { conversionShrinkFactor, estimatedConversionBytes } from './conversion-memory.js';
import { planConversion, type ConversionPlan } from './conversion-plan.js';
import {
  conversionSpecProblems,
  DEFAULT_JPEG_QUALITY,
  flattenBackground,
  flattensAlpha,
  WEBP_QUALITY,
  type ConversionColourSpace,
  type ConversionFormat,
  type ConversionSpec,
} from './conversion-spec.js';
import { encodeJpegWithin } from './jpeg-within-bytes.js';
import { cmykTagging, withRasterisedSource, type SharpInput } from './rasterise-vector.js';

export interface ConvertedImage {
  /** The file written: `outputPath`, or a new file in a temp folder of its own (the caller removes both). */
  path: string;
  width: number;
  height: number;
  format: ConversionFormat;
  colourSpace: ConversionColourSpace;
  /** As written into the file; null for WebP, which has no field for it. */
  dpi: number | null;
  bytes: number;
  hasAlpha: boolean;
  /** JPEG only: the quality used (the one found for a byte limit). */
  quality?: number;
}

export interface ConvertOptions {
  /** The source's probe, when the caller has it; otherwise the file is probed (which refuses pixel floods from the header). */
  info?: MediaInfo;
  outputPath?: string;
  /** Pixel limit of the decoded source (default the probe's 100 MP). */
  limits?: { maxInputPixels?: number };
  /** The renditions lane's budget: the conversion waits for room for its estimated memory. */
  budget?: MemoryBudget;
  /** Whether Ghostscript is installed (looked up on PATH by default). */
  ghostscript?: boolean;
}

/**
 * Makes one converted file from a source, following the plan of conversion-plan.ts (the same the
 * cart's verdicts come from): EXIF orientation applied, fitted, padded or cropped, never enlarged
 * unless allowed, transparency flattened where the output has none, colours converted to sRGB or
 * CMYK with the profile embedded, the dpi written. EPS and PDF page 1 are rendered at the size
 * needed. A source that cannot be read is refused with MediaRejectedError (too large, damaged),
 * never a crash; a spec or installation problem is a ConversionError.
 */
export async function convertImage(
  sourcePath: string,
  spec: ConversionSpec,
  options: ConvertOptions = {},
): Promise<ConvertedImage> {
  const problems = conversionSpecProblems(spec);
  if (problems.length > 0)
    throw new ConversionError('invalidSpec', `Invalid conversion: ${problems.join('; ')}`);
  await fsp.access(sourcePath); // a missing file is our fault, not a damaged source
  const info = options.info ?? (await probeMedia(sourcePath));
  if (!info.width || !info.height) {
    throw new MediaRejectedError(MediaRejectionCodes.damaged, 'The file has no known size');
  }
  const maxPixels = options.limits?.maxInputPixels ?? MAX_PIXELS;
  if (info.kind === 'raster' && info.width * info.height > maxPixels)
    throw tooLarge(`${info.width}×${info.height}`);
  const vector = info.kind !== 'raster';
  const plan = planConversion({ width: info.width, height: info.height, vector }, spec);
  // How much of the source's displayed size the output uses: what shrink-on-load and rendering may go down to.
  const scale = Math.max(plan.content.width / info.width, plan.content.height / info.height);
  const shrink = vector ? 1 : conversionShrinkFactor(info, scale);
  const rendered = vector
    ? { width: Math.ceil(info.width * scale), height: Math.ceil(info.height * scale) }
    : undefined;
  const cmyk = vector ? undefined : await cmykInk(sourcePath, info, spec);
  const outputPath = options.outputPath ?? (await newTempFile(spec.format));
  const convert = () =>
    removingOutputOnFailure(outputPath, !options.outputPath, () =>
      vector
        ? withRasterisedSource(
            sourcePath,
            info,
            { scale, cmyk: spec.colourSpace === 'cmyk', ghostscript: options.ghostscript },
            (source) => write(source, spec, plan, maxPixels, outputPath),
          )
        : write(
            {
              input: withShrinkOnLoad(sourcePath, shrink),
              options: {},
              rgb16: info.colorspace === 'rgb16',
              cmyk,
            },
            spec,
            plan,
            maxPixels,
            outputPath,
          ),
    );
  const bytes = estimatedConversionBytes(info, { shrink, rendered }, plan.canvas);
  return options.budget ? options.budget.run(bytes, convert) : convert();
}

async function write(
  source: SharpInput,
  spec: ConversionSpec,
  plan: ConversionPlan,
  maxPixels: number,
  outputPath: string,
): Promise<ConvertedImage> {
  const image = pixels(source, spec, plan, maxPixels);
  const dpi = spec.format === 'webp' ? null : spec.dpi;
  if (spec.format === 'jpeg' && spec.jpeg && 'maxBytes' in spec.jpeg) {
    const found = await encodeJpegWithin(image, spec, spec.jpeg.maxBytes);
    await fsp.writeFile(outputPath, found.data);
    return { ...describe(spec, found.info, dpi), path: outputPath, quality: found.quality };
  }
  const quality = spec.jpeg && 'quality' in spec.jpeg ? spec.jpeg.quality : DEFAULT_JPEG_QUALITY;
  const info = await encoder(image, spec.format, quality).toFile(outputPath);
  return {
    ...describe(spec, info, dpi),
    path: outputPath,
    ...(spec.format === 'jpeg' && { quality }),
  };
}

/**
 * The pixels as the output needs them, before encoding. failOn 'error' refuses truncated data
 * instead of filling it with grey; sequential read streams rows into the resize unless an EXIF
 * rotation needs the whole picture. Resizing to the plan's exact content size ('fill' keeps the
 * aspect within a pixel of rounding; 'cover' cuts around the centre) keeps sharp's own rounding
 * from disagreeing with the verdicts. Colour: toColourspace converts to 8-bit sRGB or CMYK (16-bit,
 * palette and grey sources included) and withIccProfile transforms from the embedded profile (Display
 * P3, a CMYK profile; sharp's built-in sRGB or CMYK profile when none is embedded) to the target's
 * and embeds it. No other metadata of the source is kept (the EXIF orientation is applied, GPS and
 * camera data are not the channel's business).
 */
function pixels(source: SharpInput, spec: ConversionSpec, plan: ConversionPlan, maxPixels: number): Sharp {
  let image = sharp(source.input, {
    failOn: 'error',
    limitInputPixels: maxPixels,
    sequentialRead: true,
    ...source.options,
  }).rotate();
  // sharp assumes an untagged 16-bit RGB picture is Display P3 when it applies the output profile
  // (its processing profile for 16-bit), which shifts every colour (blue 30,120,220 came out
  // 0,122,227). Bringing such sources to 8-bit sRGB first avoids that; the output is 8-bit anyway,
  // and an embedded profile is still applied afterwards.
  if (source.rgb16) image = image.pipelineColourspace('srgb');
  // CMYK to CMYK stays in CMYK: through sRGB and back, ink changed by up to 15 levels and pure
  // black became four-colour black.
  const keepInk = spec.colourSpace === 'cmyk' ? source.cmyk : undefined;
  if (keepInk) image = image.pipelineColourspace('cmyk');
  if (source.opaque) image = image.removeAlpha();
  image = image.resize(plan.content.width, plan.content.height, {
    fit: spec.size.mode === 'crop' ? 'cover' : 'fill',
    position: 'centre',
  });
  const background = flattenBackground(spec);
  if (flattensAlpha(spec)) image = image.flatten({ background });
  if (spec.size.mode === 'pad') {
    const left = Math.floor((plan.canvas.width - plan.content.width) / 2);
    const top = Math.floor((plan.canvas.height - plan.content.height) / 2);
    image = image.extend({
      left,
      right: plan.canvas.width - plan.content.width - left,
      top,
      bottom: plan.canvas.height - plan.content.height - top,
      background,
    });
  }
  image = image.toColourspace(spec.colourSpace);
  // A CMYK source's own profile is kept with its ink, unchanged. Untagged CMYK ink is taken to be in
  // sharp's CMYK profile (as when it is shown in sRGB), which is then embedded: libvips transforms
  // from that profile to itself, which moves ink by at most a few levels (tested).
  image = keepInk === 'tagged' ? image.keepIccProfile() : image.withIccProfile(spec.colourSpace);
  return image.withDensity(spec.dpi);
}

/** Whether a raster source's CMYK ink can be kept as it is (CMYK in, CMYK out, no alpha to flatten), and whether it has a profile of its own. */
async function cmykInk(
  sourcePath: string,
  info: MediaInfo,
  spec: ConversionSpec,
): Promise<'tagged' | 'untagged' | undefined> {
  if (spec.colourSpace !== 'cmyk' || info.colorspace !== 'cmyk' || info.hasAlpha) return undefined;
  return cmykTagging(sourcePath);
}

function encoder(image: Sharp, format: ConversionFormat, jpegQuality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: jpegQuality });
    case 'png':
      return image.png({ compressionLevel: 6 });
    case 'tiff':
      // LZW with the horizontal predictor: lossless, and read by every print workflow (unlike deflate in older RIPs).
      return image.tiff({ compression: 'lzw', predictor: 'horizontal' });
    case 'webp':
      return image.webp({ quality: WEBP_QUALITY });
  }
}

function describe(spec: ConversionSpec, info: OutputInfo, dpi: number | null) {
  // CMYK output never keeps alpha (flattensAlpha), so only sRGB's 2 or 4 bands carry it.
  const hasAlpha = spec.colourSpace === 'srgb' && (info.channels === 4 || info.channels === 2);
  return {
    width: info.width,
    height: info.height,
    format: spec.format,
    colourSpace: spec.colourSpace,
    dpi,
    bytes: info.size,
    hasAlpha,
  };
}

/**
 * Nothing is left behind by a failed conversion: no half-written file, and no temp folder of ours.
 * sharp's and Ghostscript's failures on a source become refusals with the media module's codes, as
 * the renditions job reports them; our own errors (spec, installation, PDFium not running) pass.
 */
async function removingOutputOnFailure<T>(
  outputPath: string,
  ownFolder: boolean,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await refusingUnreadable(work);
  } catch (err) {
    await fsp.rm(ownFolder ? path.dirname(outputPath) : outputPath, { recursive: true, force: true });
    throw err;
  }
}

/**
 * sharp's and Ghostscript's failures on a source become refusals with the media module's codes, as
 * the renditions job reports them; our own errors (spec, installation, PDFium not running) pass.
 */
async function refusingUnreadable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (
      err instanceof MediaRejectedError ||
      err instanceof ConversionError ||
      err instanceof PdfiumUnavailableError
    ) {
      throw err;
    }
    const detail = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    if (detail.includes('exceeds pixel limit')) throw tooLarge(detail);
    throw new MediaRejectedError(MediaRejectionCodes.damaged, `The file could not be converted (${detail})`);
  }
}

const tooLarge = (detail: string) =>
  new MediaRejectedError(MediaRejectionCodes.tooLarge, `The image is too large to convert (${detail})`);

async function newTempFile(format: ConversionFormat): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-convert-'));
  return path.join(dir, `converted.${format === 'jpeg' ? 'jpg' : format === 'tiff' ? 'tif' : format}`);
}
