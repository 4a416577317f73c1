import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';

/**
 * The translated text of a failed call. Server codes are translation keys; an unknown code falls
 * back to the screen's own generic text so a raw key never reaches the user.
 */
export function apiErrorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof ApiError) return t([error.code, fallbackKey]);
  return t(fallbackKey);
}

/** The per-field codes of a 400 answer, keyed by field name. */
export function apiFieldCodes(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.fields.map((field) => [field.path.split('.').pop() ?? field.path, field.code]),
  );
}
