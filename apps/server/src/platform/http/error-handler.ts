import { ErrorCodes, type ErrorAnswer, type FieldError } from '@mediabox/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';

/** Statuses that Fastify itself raises for a bad request, mapped to our codes. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: ErrorCodes.badRequest,
  401: ErrorCodes.unauthorized,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  405: ErrorCodes.badRequest,
  406: ErrorCodes.badRequest,
  413: ErrorCodes.payloadTooLarge,
  415: ErrorCodes.unsupportedMediaType,
  429: ErrorCodes.rateLimited,
};

function send(reply: FastifyReply, status: number, error: ErrorAnswer['error']) {
  return reply.status(status).type('application/json; charset=utf-8').send({ error });
}

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`.
 * Client mistakes keep their 4xx; only our own faults become 500, logged with the stack and answered
 * without it.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, err.statusCode, {
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
      return send(reply, 400, {
        code: fields[0]?.code ?? ErrorCodes.validation,
        message: `Invalid ${err.validationContext ?? 'request'}`,
        fields,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, {
        code: CLIENT_ERROR_CODES[status] ?? ErrorCodes.badRequest,
        message: err.message,
      });
    }
    request.log.error({ err }, 'request failed');
    return send(reply, 500, { code: ErrorCodes.internal, message: 'Internal error' });
  });
}

/**
 * Errors the router raises before any route or error handler runs (a URL that cannot be decoded, a
 * path parameter over the router's length limit): same answer shape as every other error.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return send(reply, status, {
    code: CLIENT_ERROR_CODES[status] ?? ErrorCodes.badRequest,
    message: 'Invalid URL',
  });
}

/** Our schemas put translation keys in their messages; anything else (zod's defaults) is a plain validation error. */
function translationKeyOf(message: string | undefined): string {
  return message && /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/.test(message) ? message : ErrorCodes.validation;
}
