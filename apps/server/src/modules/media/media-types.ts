import type { MediaRejectionCode } from '@mediabox/contract';

/**
 * What the media module tells the rest of the server about a file. The catalogue (import, uploads)
 * and later the orders module use these; only the media module knows sharp, PDFium and Ghostscript.
 */
export type MediaKind = 'raster' | 'vector' | 'document';

export interface MediaInfo {
  kind: MediaKind;
  /** Detected from the content (magic bytes), never from the file name. */
  mimeType: string;
  /** Displayed size (after EXIF orientation); for vector/document files the rendered size at 300 dpi. */
  width: number | null;
  height: number | null;
  dpiX: number | null;
  /** e.g. 'srgb', 'cmyk', 'b-w', 'grey16' as libvips names them; 'cmyk' for CMYK EPS/PDF content when known. */
  colorspace: string | null;
  pageCount: number | null;
  /** An alpha channel is present (it may be fully opaque; see `transparent`). */
  hasAlpha: boolean;
  /**
   * Optional facts (issue 21.6), filled by `probeMedia`; optional so that callers building a
   * MediaInfo by hand (tests, orders) need not know them.
   * `format`: what the content is ('jpeg', 'png', 'tiff', 'webp', 'gif', 'eps', 'pdf').
   */
  format?: MediaFileFormat;
  /** Bits per sample of a raster (8, 16, 32; palette PNGs say 8); null for EPS and PDF. */
  bitDepth?: number | null;
  /** Some pixel is not fully opaque: a real cut-out, not just an alpha channel saved opaque. */
  transparent?: boolean;
}

export type MediaFileFormat = 'jpeg' | 'png' | 'tiff' | 'webp' | 'gif' | 'eps' | 'pdf';

/** A file refused by its content: the code (the contract's MediaRejectionCodes) is a translation key, the message English for logs and CLI output. */
export class MediaRejectedError extends Error {
  constructor(
    readonly code: MediaRejectionCode,
    message: string,
  ) {
    super(message);
    this.name = 'MediaRejectedError';
  }
}

export interface Rendition {
  /** 'zoom' (issue 22.6) is made on demand, the first time someone zooms into the picture. */
  kind: 'thumb' | 'preview' | 'zoom' | PageRenditionKind;
  /** JPEG bytes in sRGB, upright, transparent parts flattened onto white. */
  data: Buffer;
  width: number;
  height: number;
  /** A stand-in (an EPS while Ghostscript is missing), to be made again when the real one can be. */
  placeholder?: boolean;
}

/**
 * One page of a multi-page PDF for the asset page's page strip (issue 22.6): `page1` … `page50`,
 * made on demand. Large enough to be shown enlarged when clicked; the strip scales it down.
 */
export type PageRenditionKind = `page${number}`;
export const MAX_STRIP_PAGES = 50;
export const PAGE_RENDITION_EDGE = 1200;

export function pageRenditionKind(page: number): PageRenditionKind {
  return `page${page}`;
}

/** The page number of `page1` … `page50`, or null for anything else. */
export function pageOfRenditionKind(kind: string): number | null {
  const match = /^page([1-9]\d?)$/.exec(kind);
  const page = match ? Number(match[1]) : null;
  return page !== null && page <= MAX_STRIP_PAGES ? page : null;
}

/** Longest edge of each rendition in pixels. */
export const RENDITION_SIZES = { thumb: 400, preview: 1600, zoom: 3000 } as const;
