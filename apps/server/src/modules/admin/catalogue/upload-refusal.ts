import { ErrorCodes, type FieldError } from '@mediabox/contract';
import { AppError } from '../../../platform/http/app-error.js';
import type { ImportProblem } from '../../catalogue/import/import.errors.js';
import type { StagedFile } from './upload-staging.js';

/**
 * The importer's problems with uploaded files, as the admin API answers them: the admin knows the
 * files by the names they dropped, not by manifest rows or staging paths.
 */

/** The import names files by their staging path (`{uuid}/name`); the user knows them by name. */
export function withFileNames(problem: ImportProblem, files: StagedFile[]): ImportProblem {
  let message = problem.message;
  for (const file of files) message = message.split(file.relativePath).join(file.fileName);
  return { ...problem, message };
}

/** 422 naming each refused file with the reason's translation key (an import.* or media.* code). */
export function uploadRefused(
  problems: ImportProblem[],
  fileOfRow: (row: string) => string | undefined,
): AppError {
  const fields: FieldError[] = problems.map((problem) => ({
    path: fileOfRow(problem.row) ?? problem.row,
    code: problem.code,
  }));
  return new AppError(
    ErrorCodes.catalogueUploadRefused,
    problems.map((problem) => problem.message).join('; '),
    fields,
  );
}
