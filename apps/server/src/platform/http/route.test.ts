import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { endpointEntry, route, routeSchema } from './route.js';

/**
 * Registrations that must not compile: `tsc -p apps/server` checks this file, and each
 * `@ts-expect-error` fails the typecheck if the mistake under it were ever accepted.
 */
export const mistakes: FastifyPluginAsyncZod = async (app) => {
  // @ts-expect-error: GET /api/order/count answers { count: number }
  route(app, endpoints.orderCount, async () => ({ count: 'many' }));

  route(app, endpoints.reviewOrder, async (request) => {
    // @ts-expect-error: the path names its parameter `id`
    void request.params.orderId;
    // @ts-expect-error: OrderReview has no such field
    void request.body.nonsense;
    throw new Error('never registered');
  });

  // @ts-expect-error: not an endpoint of the table
  route(app, { method: 'GET', path: '/api/nothing' }, async () => ({}));
};

describe('route', () => {
  it('takes method, path and schemas from the table', () => {
    const entry = endpointEntry(endpoints.reviewOrder);
    expect(entry).toMatchObject({
      name: 'reviewOrder',
      method: 'POST',
      path: '/api/order/:id',
      access: 'internal',
    });
    expect(Object.keys(routeSchema(entry))).toEqual(['params', 'body', 'response']);
    expect(Object.keys(routeSchema(endpointEntry(endpoints.ready)).response as object)).toEqual([
      '200',
      '503',
    ]);
    expect(Object.keys(routeSchema(endpointEntry(endpoints.adminCreateNode)).response as object)).toEqual([
      '201',
    ]);
    // A multipart upload validates its text fields like a JSON body.
    expect(routeSchema(endpointEntry(endpoints.adminReplaceFile))).toHaveProperty('body');
  });

  it('refuses an address the table does not have', () => {
    expect(() => endpointEntry({ method: 'GET', path: '/api/nothing' })).toThrow(/not in the endpoint table/);
  });
});
