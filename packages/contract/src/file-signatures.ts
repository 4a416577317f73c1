// Schema-free like error-codes.ts: the order form checks chosen files with these before sending them.

/**
 * What a file is, decided from its first bytes, the same way on the server (which refuses what
 * does not match) and in the app (which says so as soon as the file is chosen). A file named .jpg
 * that starts with `<html>` or `MZ` is not an image, whatever its name claims.
 */
export type MediaFormat =
  | { kind: 'raster'; format: 'jpeg' | 'png' | 'tiff' | 'webp' | 'gif'; mimeType: string }
  | { kind: 'vector'; format: 'eps'; mimeType: 'application/postscript'; dosBinary: boolean }
  | { kind: 'document'; format: 'pdf'; mimeType: 'application/pdf' };

/** How many leading bytes detectFormat needs to decide. */
export const SNIFF_BYTES = 64;

/** DOS EPS binary header (Adobe TN 5002): C5 D0 D3 C6, then offset and length of the PostScript. */
const DOS_EPS_BYTES = [0xc5, 0xd0, 0xd3, 0xc6];

const bytesOf = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const startsWith = (head: Uint8Array, bytes: number[] | string, at = 0): boolean => {
  const expected = typeof bytes === 'string' ? bytesOf(bytes) : bytes;
  return head.length >= at + expected.length && expected.every((byte, index) => head[at + index] === byte);
};

/** The first line of the head as Latin-1 text. */
const firstLine = (head: Uint8Array): string =>
  String.fromCharCode(...head.subarray(0, SNIFF_BYTES)).split(/[\r\n]/, 1)[0] ?? '';

/** The format the leading bytes announce, or undefined for anything the portal does not accept. */
export function detectFormat(head: Uint8Array): MediaFormat | undefined {
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
  if (startsWith(head, DOS_EPS_BYTES)) {
    return { kind: 'vector', format: 'eps', mimeType: 'application/postscript', dosBinary: true };
  }
  // EPS: the first line is `%!PS-Adobe-3.0 EPSF-3.0`; plain PostScript (no EPSF) is a program, not artwork.
  if (startsWith(head, '%!PS-Adobe-')) {
    if (/\sEPSF-\d/.test(firstLine(head))) {
      return { kind: 'vector', format: 'eps', mimeType: 'application/postscript', dosBinary: false };
    }
    return undefined;
  }
  if (startsWith(head, '%PDF-')) return { kind: 'document', format: 'pdf', mimeType: 'application/pdf' };
  return undefined;
}

/**
 * What an order upload is (spec 5: "upload accepts images and application files"). The name only
 * refines the MIME type of container formats (a .docx is a zip); it never makes a file acceptable.
 * Anything not listed here is refused: executables, scripts, HTML and SVG (which would run in a
 * browser), archives of unknown kinds.
 */
export interface OrderFileType {
  mimeType: string;
  /** Extension of the name the file is served under. */
  extension: string;
  /** Raster images get a thumbnail and a preview and are logged as IMAGE_ADDED (spec 4). */
  isImage: boolean;
}

export const ORDER_SNIFF_BYTES = Math.max(SNIFF_BYTES, 16);

const RASTER_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** ZIP containers that office and layout programs write, told apart by their name. */
const ZIP_KINDS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  idml: 'application/vnd.adobe.indesign-idml-package',
  zip: 'application/zip',
};

/** Legacy Office files share the OLE2 compound-file header. */
const OLE_KINDS: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

export function detectOrderFileType(head: Uint8Array, originalName: string): OrderFileType | undefined {
  const media = detectFormat(head);
  if (media?.kind === 'raster') {
    return { mimeType: media.mimeType, extension: RASTER_EXTENSIONS[media.mimeType] ?? 'img', isImage: true };
  }
  if (media?.kind === 'vector') return { mimeType: media.mimeType, extension: 'eps', isImage: false };
  if (media?.kind === 'document') {
    // Illustrator files are PDF inside; keep their extension so the desktop opens the right program.
    const extension = extensionOf(originalName) === 'ai' ? 'ai' : 'pdf';
    return { mimeType: media.mimeType, extension, isImage: false };
  }
  const extension = extensionOf(originalName);
  if (startsWith(head, ZIP_MAGIC) || startsWith(head, EMPTY_ZIP_MAGIC)) {
    const kind = ZIP_KINDS[extension] ? extension : 'zip';
    return { mimeType: ZIP_KINDS[kind]!, extension: kind, isImage: false };
  }
  if (startsWith(head, OLE_MAGIC)) {
    const mimeType = OLE_KINDS[extension];
    return mimeType
      ? { mimeType, extension, isImage: false }
      : { mimeType: 'application/x-ole-storage', extension: 'bin', isImage: false };
  }
  if (startsWith(head, '8BPS'))
    return { mimeType: 'image/vnd.adobe.photoshop', extension: 'psd', isImage: false };
  if (startsWith(head, '{\\rtf')) return { mimeType: 'application/rtf', extension: 'rtf', isImage: false };
  return undefined;
}
