import {
  ERROR_STATUS,
  ErrorCodes,
  type ErrorAnswer,
  type ErrorCode,
  type FieldError,
} from '@mediabox/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { RangeNotSatisfiable } from './http-range.js';

/**
 * Refusals Fastify raises itself (a body over the limit, malformed JSON, an unknown content type, a
 * path parameter over the router's limit) come with Fastify's status; they are answered with it and
 * the code of that status here, whose ERROR_STATUS is the same. A status without a code of its own
 * (none that Fastify raises; a plugin's 412, say) is answered with `errors.badRequest`.
 */
const FRAMEWORK_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  400: ErrorCodes.badRequest,
  401: ErrorCodes.unauthorized,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  413: ErrorCodes.payloadTooLarge,
  414: ErrorCodes.uriTooLong,
  415: ErrorCodes.unsupportedMediaType,
  429: ErrorCodes.rateLimited,
};

const isClientError = (status: number | undefined): status is number =>
  status !== undefined && status >= 400 && status < 500;

function send(reply: FastifyReply, status: number, error: ErrorAnswer['error']) {
  return reply.status(status).type('application/json; charset=utf-8').send({ error });
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }` with the status of its
 * code (the contract's ERROR_STATUS). Client mistakes keep their 4xx; only our own faults become
 * 500, logged with the stack and answered without it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, ERROR_STATUS[err.code], {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = err.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: translationKeyOf(issue.message),
      }));
      return send(reply, ERROR_STATUS[ErrorCodes.validation], {
        code: fields[0]?.code ?? ErrorCodes.validation,
        message: `Invalid ${err.validationContext ?? 'request'}`,
        fields,
      });
    }
    if (err instanceof RangeNotSatisfiable) {
      reply.header('content-range', `bytes */${err.size}`);
      return send(reply, 416, { code: ErrorCodes.badRequest, message: err.message });
    }
    if (isClientError(err.statusCode)) {
      return send(reply, err.statusCode, { code: frameworkCode(err.statusCode), message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return send(reply, ERROR_STATUS[ErrorCodes.internal], {
      code: ErrorCodes.internal,
      message: 'Internal error',
    });
  });
}

/**
 * Errors the router raises before any route or error handler runs (a URL that cannot be decoded, a
 * path parameter over the router's length limit): same answer shape as every other error.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = isClientError(err.statusCode) ? err.statusCode : ERROR_STATUS[ErrorCodes.badRequest];
  return send(reply, status, { code: frameworkCode(status), message: 'Invalid URL' });
}

const frameworkCode = (status: number): ErrorCode => FRAMEWORK_ERROR_CODES[status] ?? ErrorCodes.badRequest;

/** Our schemas put translation keys in their messages; anything else (zod's defaults) is a plain validation error. */
function translationKeyOf(message: string | undefined): string {
  return message && /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/.test(message) ? message : ErrorCodes.validation;
}
