import type { MediaRejectionCode } from '../../media/media-types.js';

/** Why a manifest row was refused; the codes are translation keys, the messages English. */
export const ImportErrorCodes = {
  noManifest: 'import.errors.noManifest',
  badJson: 'import.errors.badJson',
  invalid: 'import.errors.invalid',
  required: 'import.errors.required',
  duplicateId: 'import.errors.duplicateId',
  duplicateAsset: 'import.errors.duplicateAsset',
  idTaken: 'import.errors.idTaken',
  unknownParent: 'import.errors.unknownParent',
  cycle: 'import.errors.cycle',
  badRoot: 'import.errors.badRoot',
  unknownContainer: 'import.errors.unknownContainer',
  badGtin: 'import.errors.badGtin',
  badImageCategory: 'import.errors.badImageCategory',
  badVersion: 'import.errors.badVersion',
  badVariant: 'import.errors.badVariant',
  unknownMediaType: 'import.errors.unknownMediaType',
  duplicateMediaType: 'import.errors.duplicateMediaType',
  wrongFileType: 'import.errors.wrongFileType',
  notGs1Name: 'import.errors.notGs1Name',
  pathOutsideDir: 'import.errors.pathOutsideDir',
  missingFile: 'import.errors.missingFile',
  notAFile: 'import.errors.notAFile',
  unknownAsset: 'import.errors.unknownAsset',
} as const;

export type ImportErrorCode = (typeof ImportErrorCodes)[keyof typeof ImportErrorCodes];

export interface ImportProblem {
  /** The manifest row ("nodes[3]", "assets[12]", "gs1[0]") or "manifest.json" for the file itself. */
  row: string;
  /** Where in the row, e.g. "customFields.100" or "files[1].path". */
  field?: string;
  /** Translation key: an import.errors.* code, or the media.errors.* code of a refused file. */
  code: ImportErrorCode | MediaRejectionCode;
  message: string;
  /** The file (relative to DIR) the problem is about, when it is about one. */
  path?: string;
}

/**
 * How the checks of an import hand over a problem: they report every one they find and go on, so
 * that one run lists all of them, instead of throwing at the first.
 */
export type ReportProblem = (problem: ImportProblem) => void;

/** Thrown before anything is written: the manifest has problems, all of them listed. */
export class ImportValidationError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`The import has ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    this.name = 'ImportValidationError';
  }
}

/** One line per problem, for the CLI and logs. */
export function formatProblem(problem: ImportProblem): string {
  const where = problem.field ? `${problem.row} ${problem.field}` : problem.row;
  return `${where}: ${problem.message} (${problem.code})`;
}
