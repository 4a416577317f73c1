import type { UploadRefusalCode } from '@mediabox/contract';

export interface ImportProblem {
  /** The manifest row ("nodes[3]", "assets[12]", "gs1[0]") or "manifest.json" for the file itself. */
  row: string;
  /** Where in the row, e.g. "customFields.100" or "files[1].path". */
  field?: string;
  /** Translation key (the contract's ImportErrorCodes), or the MediaRejectionCode of a refused file. */
  code: UploadRefusalCode;
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
