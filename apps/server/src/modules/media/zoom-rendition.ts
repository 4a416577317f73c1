import sharp from 'sharp';
import { jpegShrinkFactor, withShrinkOnLoad } from './jpeg-shrink-on-load.js';
import { MAX_PIXELS } from './media-probe.js';
import {
  PAGE_RENDITION_EDGE,
  pageRenditionKind,
  RENDITION_SIZES,
  type MediaInfo,
  type Rendition,
} from './media-types.js';
import { decodeRenderedPage } from './page-pixels.js';
import { pdfium } from './pdfium.js';

/** Zooming shows detail: the same quality as the preview, progressive so the first pass paints early. */
const ZOOM_JPEG_QUALITY = 85;

/** Only pictures larger than their preview gain anything from a zoom rendition. */
export function zoomable(info: Pick<MediaInfo, 'kind' | 'width' | 'height'>): boolean {
  return info.kind === 'raster' && Math.max(info.width ?? 0, info.height ?? 0) > RENDITION_SIZES.preview;
}

/**
 * The large JPEG the asset page zooms into (issue 22.6): at most 3000 px on the longest edge (a
 * 12 MP camera picture is 4000 px: close to 1:1 without sending the original), never enlarged.
 * Made on demand, not with thumb and preview: most pictures are never zoomed into, and at 1M assets
 * the extra ~1.5 MB each would double the renditions' storage. Same pipeline as the preview
 * (upright, flattened onto white, sRGB), with JPEG shrink-on-load when it still covers 3000 px.
 */
export async function renderZoom(filePath: string, info: MediaInfo): Promise<Rendition> {
  const edge = RENDITION_SIZES.zoom;
  const { data, info: out } = await sharp(withShrinkOnLoad(filePath, jpegShrinkFactor(info, edge)), {
    failOn: 'error',
    limitInputPixels: MAX_PIXELS,
    sequentialRead: true,
  })
    .rotate()
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: ZOOM_JPEG_QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { kind: 'zoom', data, width: out.width, height: out.height };
}

/**
 * Page `page` of a PDF for the page strip (issue 22.6): PDFium renders it at the previews' 150 dpi
 * (capped), then it becomes a JPEG of at most PAGE_RENDITION_EDGE px like any preview.
 */
export async function renderPdfPage(filePath: string, page: number): Promise<Rendition> {
  const pixels = await decodeRenderedPage(await pdfium.renderPage(filePath, page));
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 3 },
  })
    .resize(PAGE_RENDITION_EDGE, PAGE_RENDITION_EDGE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: ZOOM_JPEG_QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true });
  return { kind: pageRenditionKind(page), data, width: info.width, height: info.height };
}
