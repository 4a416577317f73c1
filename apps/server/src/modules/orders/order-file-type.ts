import { detectFormat, SNIFF_BYTES } from '../media/media-format.js';

/**
 * What an order upload is, decided from its first bytes (spec 5: "upload accepts images and
 * application files"). The name only refines the MIME type of container formats (a .docx is a zip);
 * it never makes a file acceptable. Anything not listed here is refused: executables, scripts,
 * HTML and SVG (which would run in a browser), archives of unknown kinds.
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

const startsWith = (head: Buffer, bytes: number[] | string): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= expected.length && head.subarray(0, expected.length).equals(expected);
};

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

export function detectOrderFileType(head: Buffer, originalName: string): OrderFileType | undefined {
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
