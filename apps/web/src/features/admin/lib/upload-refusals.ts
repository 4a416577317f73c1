import { ApiError } from '../../../shared/api/client';

/**
 * The reasons the import service gives for a refused file (apps/server …/import.errors.ts and the
 * media module's rejections). They arrive as `fields[].code` of a 422 and are translated as they are.
 */
export const UPLOAD_REFUSAL_CODES = [
  'import.errors.invalid',
  'import.errors.required',
  'import.errors.unknownContainer',
  'import.errors.badGtin',
  'import.errors.badImageCategory',
  'import.errors.badVersion',
  'import.errors.badVariant',
  'import.errors.unknownMediaType',
  'import.errors.duplicateMediaType',
  'import.errors.wrongFileType',
  'import.errors.notGs1Name',
  'import.errors.duplicateAsset',
  'import.errors.missingFile',
  'import.errors.notAFile',
  'import.errors.pathOutsideDir',
  'import.errors.unknownAsset',
  'media.errors.empty',
  'media.errors.unsupported',
  'media.errors.tooLarge',
  'media.errors.damaged',
] as const;

/** The translation keys of a refused file's reason, best first (a code the app has no text for still reads). */
export const refusalKeys = (code: string): string[] => [code, 'admin.catalogue.upload.refusedOther'];

export interface RefusedFile {
  fileName: string;
  /** An import.errors.* or media.errors.* code, or the app's own (a file too large to send). */
  code: string;
}

/** The files of `sent` a 422 `uploadRefused` names (`fields[].path` is the file name). */
export function refusedFilesOf(error: unknown, sent: readonly File[]): RefusedFile[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const names = new Set(sent.map((file) => file.name));
  const refused = new Map<string, string>();
  for (const field of error.fields) {
    if (names.has(field.path) && !refused.has(field.path)) refused.set(field.path, field.code);
  }
  return [...refused].map(([fileName, code]) => ({ fileName, code }));
}

/** The reason of a refused single file (a replacement): the first field code of a 422. */
export function refusalCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 422 ? error.fields[0]?.code : undefined;
}
