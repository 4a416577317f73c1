/**
 * Which kind of file the first bytes say this is. The decision is made from content only: a file
 * named .jpg that starts with `<html>` or `MZ` is not an image, whatever its name claims.
 */
export type MediaFormat =
  | { kind: 'raster'; format: 'jpeg' | 'png' | 'tiff' | 'webp' | 'gif'; mimeType: string }
  | { kind: 'vector'; format: 'eps'; mimeType: 'application/postscript'; dosBinary: boolean }
  | { kind: 'document'; format: 'pdf'; mimeType: 'application/pdf' };

/** How many leading bytes detectFormat needs to decide. */
export const SNIFF_BYTES = 64;

/** DOS EPS binary header (Adobe TN 5002): C5 D0 D3 C6, then offset and length of the PostScript. */
export const DOS_EPS_MAGIC = Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]);

const startsWith = (head: Buffer, bytes: number[] | string, at = 0): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

/** The format the leading bytes announce, or undefined for anything the portal does not accept. */
export function detectFormat(head: Buffer): MediaFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'raster', format: 'jpeg', mimeType: 'image/jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'raster', format: 'png', mimeType: 'image/png' };
  }
  // Classic TIFF (II*\0 little-endian, MM\0* big-endian) and BigTIFF (II+\0, MM\0+).
  if (
    startsWith(head, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(head, [0x49, 0x49, 0x2b, 0x00]) ||
    startsWith(head, [0x4d, 0x4d, 0x00, 0x2b])
  ) {
    return { kind: 'raster', format: 'tiff', mimeType: 'image/tiff' };
  }
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) {
    return { kind: 'raster', format: 'webp', mimeType: 'image/webp' };
  }
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) {
    return { kind: 'raster', format: 'gif', mimeType: 'image/gif' };
  }
  if (startsWith(head, DOS_EPS_MAGIC.toJSON().data)) {
    return { kind: 'vector', format: 'eps', mimeType: 'application/postscript', dosBinary: true };
  }
  // EPS: the first line is `%!PS-Adobe-3.0 EPSF-3.0`; plain PostScript (no EPSF) is a program, not artwork.
  if (startsWith(head, '%!PS-Adobe-')) {
    const firstLine = head.toString('latin1').split(/[\r\n]/, 1)[0] ?? '';
    if (/\sEPSF-\d/.test(firstLine)) {
      return { kind: 'vector', format: 'eps', mimeType: 'application/postscript', dosBinary: false };
    }
    return undefined;
  }
  if (startsWith(head, '%PDF-')) return { kind: 'document', format: 'pdf', mimeType: 'application/pdf' };
  return undefined;
}
