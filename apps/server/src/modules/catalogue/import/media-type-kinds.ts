import type { MediaType } from '@mediabox/contract';
import type { MediaKind } from '../../media/media-types.js';

/**
 * Which kinds of content each media type takes: print and web types need pixels, 1400/1500 vectors.
 * Shared by the import's checks and the admin screens' file replacement, so the two cannot differ.
 */
export const KINDS_OF_MEDIA_TYPE: Record<MediaType, readonly MediaKind[]> = {
  1100: ['raster'],
  1200: ['raster'],
  1300: ['raster'],
  1400: ['vector', 'document'],
  1500: ['document'],
};
