import {
  ERROR_STATUS,
  ErrorCodes,
  type ErrorCode,
  type ErrorCodeStatus,
  type FieldError,
} from '@mediabox/contract';

/**
 * An error the client caused or may see: the code is the translation key the app shows, and the
 * error handler answers it with the code's status from the contract's ERROR_STATUS (code and status
 * never disagree, and no service names a status). Anything else that is thrown becomes a logged 500
 * without details.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The status this error is answered with: its code's, from ERROR_STATUS. */
  get statusCode(): ErrorCodeStatus {
    return ERROR_STATUS[this.code];
  }
}

/** Too many attempts: `errors.rateLimited` with the seconds until the next one may succeed. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(ErrorCodes.rateLimited, 'Too many attempts, try again later', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
