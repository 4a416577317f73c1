import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type SharpOptions } from 'sharp';
import { runTool } from '../external-tool.js';
import { ghostscriptInstalled } from '../ghostscript-availability.js';
import { MAX_PIXELS } from '../media-probe.js';
import type { MediaInfo } from '../media-types.js';
import { MAX_RENDER_EDGE, pdfium, type PageResolution } from '../pdfium.js';
import { ConversionError } from './conversion-error.js';

/** What sharp is to read: a file (path) or raw pixels, with the options that describe it. */
export interface SharpInput {
  input: string | Buffer;
  options: SharpOptions;
  /** The pixels carry an alpha band that means nothing (PDFium renders onto white). */
  opaque?: boolean;
  /** 16-bit RGB (convert-image.ts explains why that matters). */
  rgb16?: boolean;
  /** CMYK pixels without alpha, with or without an embedded profile: kept as ink for CMYK output. */
  cmyk?: 'tagged' | 'untagged';
}

/** MediaInfo reports vector sizes as rendered at this resolution (media-probe.ts). */
const REPORTED_DPI = 300;

/**
 * Renders a vector or document source at `scale` times its reported (300 dpi) size and hands it to
 * `use`; temp files are removed afterwards whatever happens.
 *
 * EPS: Ghostscript with the preview's safety flags (ghostscript.ts: -dSAFER, no shell, timeout),
 * but at the resolution the output needs, not the preview's 150 dpi: a 248 pt logo for a 1000 px
 * channel needs 290 dpi. CMYK output is rendered by Ghostscript's CMYK device, so CMYK ink in the
 * EPS stays what it is instead of going to RGB and back; otherwise with alpha, so unpainted parts
 * are transparent (a logo on a PNG) or take the preset's background.
 *
 * PDF: page 1 by PDFium (the only PDF reader the portal runs, see docs/architecture.md), at the
 * resolution the output needs rather than the previews' 150 dpi (an A4 page for a 2000 px channel
 * needs 171 dpi, for a 4000 px print 342 dpi), capped at MAX_RENDER_EDGE on the longest edge: an
 * output larger than that is enlarged from it.
 */
export async function withRasterisedSource<T>(
  filePath: string,
  info: MediaInfo,
  render: { scale: number; cmyk: boolean; ghostscript?: boolean },
  use: (source: SharpInput) => Promise<T>,
): Promise<T> {
  if (info.kind === 'document') {
    const page = await pdfium.renderFirstPage(filePath, pageResolution(info, render.scale));
    return use({
      input: Buffer.from(page.data.buffer, page.data.byteOffset, page.data.byteLength),
      options: { raw: { width: page.width, height: page.height, channels: 4 } },
      opaque: true,
    });
  }
  if (!(render.ghostscript ?? ghostscriptInstalled())) {
    throw new ConversionError(
      'ghostscriptMissing',
      'EPS conversion needs Ghostscript, which is not installed',
    );
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-convert-gs-'));
  try {
    const output = path.join(dir, render.cmyk ? 'page.tif' : 'page.png');
    await runTool('gs', [
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dQUIET',
      render.cmyk ? '-sDEVICE=tiff32nc' : '-sDEVICE=pngalpha',
      `-r${renderDpi(info, render.scale)}`,
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      '-dEPSCrop',
      '-dFirstPage=1',
      '-dLastPage=1',
      `-sOutputFile=${output}`,
      '-f',
      path.resolve(filePath),
    ]);
    // Ghostscript writes the EPS's DeviceCMYK ink unchanged and embeds the CMYK profile it took
    // that ink to be in (its default_cmyk.icc): both are kept as they are (convert-image.ts).
    const cmyk = render.cmyk ? await cmykTagging(output) : undefined;
    return await use({ input: output, options: {}, ...(cmyk && { cmyk }) });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whole dpi at or just above what the scale asks for (the result is then reduced to the exact
 * size), capped so the bitmap stays within the pixel limit whatever the bounding box says.
 */
function renderDpi(info: MediaInfo, scale: number): number {
  const width = info.width ?? 1;
  const height = info.height ?? 1;
  const capScale = Math.sqrt((MAX_PIXELS * 0.9) / (width * height));
  return Math.max(1, Math.ceil(REPORTED_DPI * Math.min(scale, capScale)));
}

/**
 * The PDF page at `scale` times its reported (300 dpi) size: that dpi, with the longest edge it
 * gives (rounded up, so the render is never a pixel short) as the cap, within MAX_RENDER_EDGE.
 */
export function pageResolution(info: MediaInfo, scale: number): PageResolution {
  const longest = Math.max(info.width ?? 1, info.height ?? 1);
  return {
    dpi: REPORTED_DPI * scale,
    maxEdgePx: Math.min(MAX_RENDER_EDGE, Math.max(1, Math.ceil(longest * scale))),
  };
}

/** Whether a CMYK file embeds a profile (read from the header). */
export async function cmykTagging(filePath: string): Promise<'tagged' | 'untagged'> {
  const { icc } = await sharp(filePath, { limitInputPixels: false }).metadata();
  return icc ? 'tagged' : 'untagged';
}
