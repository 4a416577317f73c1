import {
  ErrorCodes,
  ImportErrorCodes,
  MediaRejectionCodes,
  type UploadRefusalCode,
} from '@mediabox/contract';
import { ApiError } from '../../../shared/api/client';

/** A refused file's reason: the server's (the contract's UploadRefusalCode), or the app's own. */
type RefusalCode = UploadRefusalCode | typeof ErrorCodes.catalogueFileTooLarge;

/** What a refused file whose reason has no text of its own reads. */
const REFUSED_OTHER = 'admin.catalogue.upload.refusedOther';

/**
 * The text (translation key) of every reason a file can be refused for, keyed by the contract's
 * codes: a code the contract gains does not compile until it is given a text here. `null`: no text
 * of its own, for the importer's manifest and category-tree codes, which an upload cannot cause
 * (the service writes the manifest, with neither ids nor categories).
 */
export const REFUSAL_TEXTS: Record<RefusalCode, string | null> = {
  [ImportErrorCodes.invalid]: ImportErrorCodes.invalid,
  [ImportErrorCodes.required]: ImportErrorCodes.required,
  [ImportErrorCodes.unknownContainer]: ImportErrorCodes.unknownContainer,
  [ImportErrorCodes.badGtin]: ImportErrorCodes.badGtin,
  [ImportErrorCodes.badImageCategory]: ImportErrorCodes.badImageCategory,
  [ImportErrorCodes.badVersion]: ImportErrorCodes.badVersion,
  [ImportErrorCodes.badVariant]: ImportErrorCodes.badVariant,
  [ImportErrorCodes.unknownMediaType]: ImportErrorCodes.unknownMediaType,
  [ImportErrorCodes.duplicateMediaType]: ImportErrorCodes.duplicateMediaType,
  [ImportErrorCodes.wrongFileType]: ImportErrorCodes.wrongFileType,
  [ImportErrorCodes.notGs1Name]: ImportErrorCodes.notGs1Name,
  [ImportErrorCodes.duplicateAsset]: ImportErrorCodes.duplicateAsset,
  [ImportErrorCodes.missingFile]: ImportErrorCodes.missingFile,
  [ImportErrorCodes.notAFile]: ImportErrorCodes.notAFile,
  [ImportErrorCodes.pathOutsideDir]: ImportErrorCodes.pathOutsideDir,
  [ImportErrorCodes.unknownAsset]: ImportErrorCodes.unknownAsset,
  [ImportErrorCodes.noManifest]: null,
  [ImportErrorCodes.badJson]: null,
  [ImportErrorCodes.duplicateId]: null,
  [ImportErrorCodes.idTaken]: null,
  [ImportErrorCodes.unknownParent]: null,
  [ImportErrorCodes.cycle]: null,
  [ImportErrorCodes.badRoot]: null,
  [MediaRejectionCodes.empty]: MediaRejectionCodes.empty,
  [MediaRejectionCodes.unsupported]: MediaRejectionCodes.unsupported,
  [MediaRejectionCodes.tooLarge]: MediaRejectionCodes.tooLarge,
  [MediaRejectionCodes.damaged]: MediaRejectionCodes.damaged,
  [ErrorCodes.catalogueFileTooLarge]: ErrorCodes.catalogueFileTooLarge,
};

/** The translation keys of a refused file's reason, best first (a code the app does not know still reads). */
export function refusalKeys(code: string): string[] {
  const text = Object.hasOwn(REFUSAL_TEXTS, code) ? REFUSAL_TEXTS[code as RefusalCode] : null;
  return text ? [text, REFUSED_OTHER] : [REFUSED_OTHER];
}

export interface RefusedFile {
  fileName: string;
  /** A RefusalCode as the server or the app gave it (the wire is not checked). */
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
