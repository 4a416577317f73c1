import { ApiError } from '../../../shared/api/client';

/**
 * The translation keys of a failed admin action, best first: the server's code (`admin.errors.selfChange`,
 * `errors.network`, …), then a general sentence for codes the app has no text for.
 */
export function errorKeys(error: unknown): string[] {
  return error instanceof ApiError ? [error.code, 'admin.errors.failed'] : ['admin.errors.failed'];
}
