import { ErrorCodes, type ErrorCode, type FieldError } from '@mediabox/contract';

/**
 * An error the client caused or may see: it carries the HTTP status and the translation key the app
 * shows. Anything else that is thrown becomes a logged 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, fields?: FieldError[]) =>
  new AppError(400, code, message, fields);
export const unauthorized = (code: ErrorCode = ErrorCodes.unauthorized, message = 'Sign in first') =>
  new AppError(401, code, message);
export const forbidden = (code: ErrorCode = ErrorCodes.forbidden, message = 'You may not do this') =>
  new AppError(403, code, message);
export const notFound = (code: ErrorCode = ErrorCodes.notFound, message = 'Not found') =>
  new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string, fields?: FieldError[]) =>
  new AppError(409, code, message, fields);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, ErrorCodes.rateLimited, 'Too many attempts, try again later', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
