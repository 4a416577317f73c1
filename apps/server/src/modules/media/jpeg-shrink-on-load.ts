import type { MediaInfo } from './media-types.js';

/**
 * libjpeg can decode at 1/2, 1/4 or 1/8 of the size by scaling its inverse DCT, which costs a
 * fraction of a full decode. sharp uses it only when at least twice that factor is left for its own
 * resize (4000 px to a 1600 px preview is 2.5: decoded in full), so the factor is chosen here and
 * handed to libvips' loader as a file-name option (`photo.jpg[shrink=2]`, libvips' documented
 * syntax). The largest factor that still leaves the longest edge at least `edge` pixels: the
 * final resize (lanczos3) then only reduces, and the output size is as before.
 */
export function jpegShrinkFactor(
  info: Pick<MediaInfo, 'mimeType' | 'width' | 'height'>,
  edge: number,
): number {
  if (info.mimeType !== 'image/jpeg' || !info.width || !info.height) return 1;
  const longest = Math.max(info.width, info.height);
  for (const factor of [8, 4, 2]) {
    // libjpeg rounds scaled sizes up.
    if (Math.ceil(longest / factor) >= edge) return factor;
  }
  return 1;
}

/** The path with libvips' load option, or unchanged when no shrink applies. */
export function withShrinkOnLoad(filePath: string, factor: number): string {
  return factor > 1 ? `${filePath}[shrink=${factor}]` : filePath;
}
