import { ErrorCodes, type FieldError } from '@mediabox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Refuses NUL characters anywhere in path parameters, query strings and JSON bodies, before
 * validation. No field of the portal has a use for them, SQLite would store them and PostgreSQL
 * refuses them mid-query (a 500 instead of the client's 400): one rule at the edge keeps both
 * databases alike and every handler free of the question.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    const fields: FieldError[] = [];
    // The router's and query parser's objects have their own prototypes: walk their values.
    for (const [part, values] of [
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      for (const [key, value] of Object.entries(values ?? {})) collectNul(value, `${part}.${key}`, fields);
    }
    collectNul(request.body, '', fields);
    done(fields.length > 0 ? new AppError(ErrorCodes.validation, 'Invalid characters', fields) : undefined);
  });
}

const MAX_REPORTED = 10;

/** Walks with its own stack: a body nested thousands deep must not overflow the call stack. */
function collectNul(root: unknown, rootPath: string, fields: FieldError[]): void {
  const pending: [unknown, string][] = [[root, rootPath]];
  while (pending.length > 0 && fields.length < MAX_REPORTED) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) fields.push({ path, code: ErrorCodes.validation });
      continue;
    }
    // Only parsed JSON is walked: files, buffers and streams of multipart parsers are not text.
    if (!Array.isArray(value) && !isPlainObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) fields.push({ path: childPath, code: ErrorCodes.validation });
      else pending.push([child, childPath]);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
