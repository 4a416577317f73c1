import sharp from 'sharp';
import { RENDITION_SIZES } from './media-types.js';
import type { RenderedPixels } from './pdfium.js';

/**
 * A page PDFium rendered (RGBA on white) as the renditions step wants it: 8-bit sRGB, 3 channels,
 * at most preview size. The same steps as a raster file's decode, without the file.
 */
export async function decodeRenderedPage(
  page: RenderedPixels,
): Promise<{ data: Buffer; width: number; height: number }> {
  const size = RENDITION_SIZES.preview;
  const { data, info } = await sharp(page.data, {
    raw: { width: page.width, height: page.height, channels: 4 },
  })
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
