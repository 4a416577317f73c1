import type { z } from 'zod';
import { ApiError } from '../../../shared/api/client';

/** Field error codes by dotted path (`name.de`, `customFields.100`), first code per field. */
export type FieldErrors = Record<string, string>;

/** The fields of a refused request, as the server names them (`customFields.100`). */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const fields: FieldErrors = {};
  for (const field of error.fields) if (field.path) fields[field.path] ??= field.code;
  return fields;
}

/**
 * The fields a contract schema refuses, keyed like the server's answer. The contract's messages
 * are translation keys (`errors.required`), so the form shows the same texts the server would.
 */
export function schemaFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}
