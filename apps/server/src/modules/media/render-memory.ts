import os from 'node:os';
import sharp from 'sharp';
import { jpegShrinkFactor } from './jpeg-shrink-on-load.js';
import { RENDITION_SIZES, type MediaInfo } from './media-types.js';

/**
 * Renders at once in one process: one per core. Decoding a JPEG is single-threaded in libjpeg, so
 * parallel renders, not libvips' threads, are what fill the cores.
 */
export const RENDERS_AT_ONCE = os.availableParallelism();

/**
 * How many workers the renditions lane should run: twice the renders. A job spends part of its time
 * storing its JPEGs (blob files with fsync, a database transaction) and not rendering; meanwhile
 * another worker's render takes the core. MediaService admits only RENDERS_AT_ONCE renders at once
 * (and within the memory budget), so extra workers wait there and cost nothing.
 */
export const RENDITION_CONCURRENCY = 2 * RENDERS_AT_ONCE;

/**
 * Estimated memory of the renders running at once. A 12 MP JPEG decoded at half scale holds ~9 MB,
 * so renders of camera pictures run side by side; a 50 MP interlaced PNG holds ~150 MB (its rows
 * cannot stream; measured +185 MB of RSS alone, +386 MB for two at once) and, being over the
 * budget, renders alone. The process itself peaks at ~450 MB while it ingests and renders camera
 * pictures (V8 buffers and malloc's arenas, the same before issue 16), which leaves room for one
 * such picture under 600 MB, not for two, nor for one beside others.
 */
export const RENDER_MEMORY_BUDGET = 160 * 1024 * 1024;

/** Raw preview pixels, two encoders, libvips' buffers: what any render needs besides the source. */
const RENDER_OVERHEAD = 16 * 1024 * 1024;

/** Ghostscript renders a page at most this many pixels on its longest edge (ghostscript.ts). */
const MAX_PAGE_EDGE = 4000;

/**
 * Bytes the decoded source may occupy at once: its size as loaded (after JPEG shrink-on-load) times
 * bands and sample size, from the probe's header facts. An upper bound: most sources stream row by
 * row into the resize (sharp turns an EXIF-rotated picture upright after shrinking it; a 50 MP TIFF
 * took +65 MB), but interlaced PNGs, single-strip TIFFs and the like are held whole, and the header
 * does not tell which. `edge` is the longest edge decoded for: the preview's, or the zoom rendition's
 * (issue 22.6), whose raw output (up to 3000 x 3000 x 3 = 27 MB) is counted on top of the overhead.
 */
export function estimatedRenderBytes(info: MediaInfo, edge: number = RENDITION_SIZES.preview): number {
  const width = info.width ?? MAX_PAGE_EDGE;
  const height = info.height ?? MAX_PAGE_EDGE;
  if (info.kind !== 'raster') {
    // Vector sizes are reported at 300 dpi and rendered at 150 (or less), 3 bands from Ghostscript's PNG.
    const scale = Math.min(0.5, MAX_PAGE_EDGE / Math.max(width, height));
    return Math.ceil(width * scale) * Math.ceil(height * scale) * 3 + RENDER_OVERHEAD;
  }
  const shrink = jpegShrinkFactor(info, edge);
  const space = info.colorspace ?? 'srgb';
  const bands =
    (space === 'cmyk' ? 4 : space === 'b-w' || space.startsWith('grey') ? 1 : 3) + (info.hasAlpha ? 1 : 0);
  // 16-bit spaces end in 16 (rgb16, grey16); scRGB, Lab and XYZ are float.
  const sampleBytes = /16$/.test(space) ? 2 : ['scrgb', 'lab', 'xyz'].includes(space) ? 4 : 1;
  const largerOutput = edge > RENDITION_SIZES.preview ? edge * edge * 3 : 0;
  return (
    Math.ceil(width / shrink) * Math.ceil(height / shrink) * bands * sampleBytes +
    RENDER_OVERHEAD +
    largerOutput
  );
}

/**
 * libvips' operation cache keeps recent decoded images and results for reuse (by default up to 50 MB
 * and 20 open files). Every rendition source is a different file, so it only adds to the peak: off,
 * for the whole process (the probe and the rest of the server gain nothing from it either).
 */
export function releaseDecodedImagesAfterUse(): void {
  sharp.cache(false);
}
