import { ApiError } from '../../../shared/api/client';

/**
 * The per-field codes of a refused save, keyed by the field's path (`name`, `packshot.gtin.tray`),
 * as the server names them; `newFiles` problems are no field of the form and stay out.
 */
export function fieldIssuesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const issues: Record<string, string> = {};
  for (const field of error.fields) {
    if (field.path && !field.path.startsWith('newFiles')) issues[field.path] ??= field.code;
  }
  return issues;
}

/** The message of a failed save that is not about one field (a translation key, with a fallback). */
export function saveErrorKeys(error: unknown, fallback: string): string[] {
  if (Object.keys(fieldIssuesOf(error)).length > 0) return ['orderForm.create.checkFields'];
  return error instanceof ApiError ? [error.code, fallback] : [fallback];
}
