import { MEDIA_TYPE_IDS, type MediaType, type Orientation } from '@mediabox/contract';

/**
 * How search_documents keeps what the result filters test (migration 20261127-0022, issue 22.2):
 * media types as a bit per MEDIA_TYPE_IDS entry, the main file's orientation as a small code.
 */

/** The main (web) image every asset page shows; its pixels give the orientation. */
const MAIN_MEDIA_TYPE = 1100;

export const ORIENTATION_CODES: Record<Orientation, number> = { portrait: 1, landscape: 2, square: 3 };

export function mediaTypeBit(mediaType: number): number {
  const index = MEDIA_TYPE_IDS.indexOf(mediaType as MediaType);
  return index < 0 ? 0 : 1 << index;
}

/** Portrait, landscape, or square when the sides differ by at most 1 %; null without pixels. */
export function orientationCode(width: number | null, height: number | null): number | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  if (width * 100 > height * 101) return ORIENTATION_CODES.landscape;
  if (height * 100 > width * 101) return ORIENTATION_CODES.portrait;
  return ORIENTATION_CODES.square;
}

export interface FileFacts {
  mediaTypes: number;
  orientation: number | null;
}

/** An asset's current files (media type and pixels) as its filter columns. */
export function fileFactsOf(
  files: { media_type: number; width: number | null; height: number | null }[],
): FileFacts {
  let mediaTypes = 0;
  for (const file of files) mediaTypes |= mediaTypeBit(file.media_type);
  const main =
    files.find((file) => file.media_type === MAIN_MEDIA_TYPE) ??
    [...files].sort((a, b) => a.media_type - b.media_type)[0];
  return { mediaTypes, orientation: main ? orientationCode(main.width, main.height) : null };
}
