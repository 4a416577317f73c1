import type { MediaType } from '@mediabox/contract';
import type { MediaInfo } from '../../media/media-types.js';

/**
 * The media type a file is, read from its content (issue 21.6), for files whose manifest row or
 * upload names none. Before, the admin upload went by the extension, so a 16-bit RGB TIFF became
 * "print (TIFF, CMYK)" and a transparent PNG or any WebP "web image (JPEG)".
 *
 * - EPS → 1400 (vector), PDF → 1500 (template);
 * - a picture with really transparent pixels (PNG, WebP, TIFF, GIF) → 1300 (cut-out), whatever its
 *   colour space: the transparency is what the channel must handle;
 * - a CMYK picture (TIFF, JPEG) → 1200 (print);
 * - any other picture (RGB or grey, no transparency) → 1100 (web image).
 *
 * An explicit media type (manifest `mediaType`, the admin's file replacement) is never relabelled,
 * even when the content contradicts it (1200 but RGB): the row keeps the real facts (colour space,
 * format, alpha, bit depth), which the asset page and the spreadsheet show beside the type's name.
 */
export function mediaTypeOfContent(media: MediaInfo): MediaType {
  if (media.kind === 'vector') return 1400;
  if (media.kind === 'document') return 1500;
  if (media.transparent ?? media.hasAlpha) return 1300;
  if (media.colorspace === 'cmyk') return 1200;
  return 1100;
}
