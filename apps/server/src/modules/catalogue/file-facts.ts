import type { ColourSpace, FileFormat } from '@mediabox/contract';

/**
 * A stored file's facts in the portal's words (issue 21.6): rows keep the MIME type the probe read
 * from the content and libvips' colour space name; the asset answer and the cart spreadsheet show
 * format and colour space from these two, so both say the same.
 */

const FORMAT_OF_MIME_TYPE: Record<string, FileFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/postscript': 'eps',
  'application/pdf': 'pdf',
};

export function fileFormatOf(mimeType: string): FileFormat | null {
  return FORMAT_OF_MIME_TYPE[mimeType] ?? null;
}

/** libvips interpretations (`srgb`, `rgb16`, `cmyk`, `b-w`, `grey16`, `lab`, …) grouped as shown. */
export function colourSpaceOf(colorspace: string | null): ColourSpace | null {
  if (colorspace === null) return null;
  if (colorspace === 'srgb' || colorspace === 'rgb' || colorspace === 'rgb16' || colorspace === 'scrgb')
    return 'srgb';
  if (colorspace === 'cmyk') return 'cmyk';
  if (colorspace === 'b-w' || colorspace.startsWith('grey')) return 'grey';
  if (colorspace.startsWith('lab')) return 'lab';
  return 'other';
}
