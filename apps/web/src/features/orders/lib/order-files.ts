import {
  detectOrderFileType,
  ORDER_FILE_MAX_BYTES,
  ORDER_FILES_MAX,
  ORDER_SNIFF_BYTES,
  type OrderFileRefusal,
} from '@mediabox/contract';

/**
 * Why a file is not taken: one of the contract's reasons, which the server refuses with its own
 * code, or 'content' when its bytes are no accepted format (the contract's file signatures, which
 * the server checks too: a text renamed .pdf) or an image does not decode (a cut-off download).
 */
export type FileRefusalReason = OrderFileRefusal | 'content';

export interface FileRefusal {
  name: string;
  reason: FileRefusalReason;
}

/** Image types every browser draws: these get a thumbnail right away, and one that fails is refused. */
const DRAWABLE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
export const hasThumbnail = (file: File): boolean => DRAWABLE_IMAGES.has(file.type);

/** Spec 5: images and application files (`accept="image/*,application/*"`). */
export const ORDER_FILE_ACCEPT = 'image/*,application/*';

/**
 * The file input filters by `accept`, a drop does not, so dropped files are checked here. An empty
 * type is what browsers report for formats they do not know (InDesign, some raw formats): those go
 * to the server, which judges the content anyway.
 */
const acceptedType = (file: File) =>
  file.type === '' || file.type.startsWith('image/') || file.type.startsWith('application/');

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds chosen or dropped files to the list, refusing what the server would refuse anyway (larger
 * than ORDER_FILE_MAX_BYTES, more than ORDER_FILES_MAX per save) so nobody waits for a doomed
 * upload. The same file picked twice is taken once. The server still checks the content.
 */
export function addFiles(
  current: readonly File[],
  incoming: readonly File[],
): { files: File[]; refused: FileRefusal[] } {
  const files = [...current];
  const refused: FileRefusal[] = [];
  for (const file of incoming) {
    if (files.some((chosen) => sameFile(chosen, file))) continue;
    if (!acceptedType(file)) refused.push({ name: file.name, reason: 'type' });
    else if (file.size > ORDER_FILE_MAX_BYTES) refused.push({ name: file.name, reason: 'tooLarge' });
    else if (files.length >= ORDER_FILES_MAX) refused.push({ name: file.name, reason: 'tooMany' });
    else files.push(file);
  }
  return { files, refused };
}

/**
 * Whether the server would take the file by its first bytes (the contract's rules it checks with).
 * A file the browser cannot read stays: the server decides about it.
 */
export async function hasAcceptedContent(file: File): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, ORDER_SNIFF_BYTES).arrayBuffer());
    return detectOrderFileType(head, file.name) !== undefined;
  } catch {
    return true;
  }
}
