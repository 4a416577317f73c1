import { ERROR_STATUS, ErrorCodes, type ErrorCode } from '@mediabox/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, rateLimited } from './app-error.js';
import { frameworkErrorHandler, registerErrorHandler } from './error-handler.js';
import { RangeNotSatisfiable } from './http-range.js';

const CODES = Object.values(ErrorCodes) as ErrorCode[];
const table: Record<string, number> = ERROR_STATUS;

/** The error handler on its own, with probe routes that throw what services and Fastify throw. */
describe('error handler', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({
      logger: false,
      bodyLimit: 100,
      maxParamLength: 20,
      frameworkErrors: frameworkErrorHandler,
    });
    registerErrorHandler(app);
    app.get<{ Params: { index: string } }>('/code/:index', async (request) => {
      throw new AppError(CODES[Number(request.params.index)]!, 'probe', [
        { path: 'x', code: ErrorCodes.required },
      ]);
    });
    app.get('/limited', async () => {
      throw rateLimited(2.5);
    });
    app.get<{ Params: { status: string } }>('/framework/:status', async (request) => {
      throw Object.assign(new Error('raised by the framework'), {
        statusCode: Number(request.params.status),
      });
    });
    app.get('/range', async () => {
      throw new RangeNotSatisfiable(1234);
    });
    app.get('/bug', async () => {
      throw new TypeError('a bug of ours');
    });
    app.post('/echo', async (request) => ({ body: request.body }));
    app.get('/param/:name', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(CODES.map((code, index) => [code, index] as const))(
    'answers a thrown %s with the status of the table',
    async (code, index) => {
      const response = await app.inject({ method: 'GET', url: `/code/${index}` });
      expect(response.statusCode).toBe(ERROR_STATUS[code]);
      expect(response.json()).toEqual({
        error: { code, message: 'probe', fields: [{ path: 'x', code: ErrorCodes.required }] },
      });
    },
  );

  it('sends the headers an AppError carries', async () => {
    const response = await app.inject({ method: 'GET', url: '/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toMatchObject({ error: { code: ErrorCodes.rateLimited } });
  });

  it('answers a framework refusal with its status and a code of that status (errors.badRequest if none)', async () => {
    for (let status = 400; status < 500; status += 1) {
      const response = await app.inject({ method: 'GET', url: `/framework/${status}` });
      const { code } = response.json<{ error: { code: string } }>().error;
      expect(response.statusCode, String(status)).toBe(status);
      if (code !== ErrorCodes.badRequest) expect(table[code], `${status} ${code}`).toBe(status);
    }
  });

  it("answers Fastify's own refusals with their codes", async () => {
    const post = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': type }, payload });
    const answers = [
      await post('{"broken": '),
      await post(`"${'x'.repeat(200)}"`),
      await post('<a/>', 'application/xml'),
      await app.inject({ method: 'GET', url: `/param/${'x'.repeat(40)}` }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
      [400, ErrorCodes.badRequest],
      [413, ErrorCodes.payloadTooLarge],
      [415, ErrorCodes.unsupportedMediaType],
      [414, ErrorCodes.uriTooLong],
    ]);
  });

  it('answers a range beyond the end with 416 and the size', async () => {
    const response = await app.inject({ method: 'GET', url: '/range' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1234');
    expect(response.json()).toMatchObject({ error: { code: ErrorCodes.badRequest } });
  });

  it('answers anything else with 500 and no details', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: ErrorCodes.internal, message: 'Internal error' } });
  });
});
