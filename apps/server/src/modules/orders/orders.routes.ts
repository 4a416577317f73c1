import {
  ArticleLookupAnswer,
  ArticleLookupQuery,
  Order,
  OrderCountAnswer,
  OrderFileRemoval,
  OrderParams,
  OrderReview,
  OrderSave,
  OrderSearch,
  OrdersAnswer,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { registerOrderFormParser } from './order-form-parser.js';
import type { OrderUploads } from './order-uploads.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];
const Ok = z.object({ success: z.literal(true) });
/** Stored names are `{22 base64url chars}.{extension}` (order-uploads): anything else names nothing. */
const UploadParams = z.object({ filename: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/) });
const UploadQuery = z.object({
  u: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/**
 * Spec 7.5 under /api. Every call is for internal staff (jde) and super users; the finer rules
 * (completed orders, status editing, deleting) are the service's. Create and change take JSON or
 * multipart/form-data with files (parsed by order-form-parser, validated by the same schema).
 */
export const ordersRoutes =
  (orders: OrdersService, uploads: OrderUploads, blobs: BlobStore): FastifyPluginAsyncZod =>
  async (app) => {
    const access = { access: 'internal' as const };
    registerOrderFormParser(app, uploads);

    app.get(
      '/api/order',
      { config: access, schema: { tags, response: { 200: OrdersAnswer } } },
      async (request) => ({ orders: await orders.list(requireAuth(request)) }),
    );

    // Static paths before /api/order/:id (find-my-way prefers them anyway; kept together for reading).
    app.get(
      '/api/order/count',
      { config: access, schema: { tags, response: { 200: OrderCountAnswer } } },
      async (request) => ({ count: await orders.count(requireAuth(request)) }),
    );

    app.get(
      '/api/order/article',
      {
        config: access,
        schema: { tags, querystring: ArticleLookupQuery, response: { 200: ArticleLookupAnswer } },
      },
      async (request) => {
        const { gtin, articleId } = request.query;
        return orders.lookupArticle(gtin ? { gtin } : { articleId: articleId ?? '' });
      },
    );

    app.post(
      '/api/order/search',
      { config: access, schema: { tags, body: OrderSearch, response: { 200: OrdersAnswer } } },
      async (request) => ({ orders: await orders.search(requireAuth(request), request.body) }),
    );

    app.get(
      '/api/order/:id',
      { config: access, schema: { tags, params: OrderParams, response: { 200: Order } } },
      async (request) => orders.one(requireAuth(request), request.params.id),
    );

    for (const method of ['put', 'post'] as const) {
      app[method](
        '/api/order',
        { config: access, schema: { tags, body: OrderSave, response: { 200: Order } } },
        async (request) => orders.save(requireAuth(request), request.body, request.orderUploads ?? []),
      );
    }

    app.post(
      '/api/order/:id',
      { config: access, schema: { tags, params: OrderParams, body: OrderReview, response: { 200: Order } } },
      async (request) => orders.review(requireAuth(request), request.params.id, request.body),
    );

    app.delete(
      '/api/order/:id',
      { config: access, schema: { tags, params: OrderParams, response: { 200: Ok } } },
      async (request) => {
        await orders.deactivate(requireAuth(request), request.params.id);
        return { success: true as const };
      },
    );

    app.delete(
      '/api/order',
      { config: access, schema: { tags, body: OrderFileRemoval, response: { 200: Order } } },
      async (request) => orders.removeFile(requireAuth(request), request.body.orderId, request.body.fileId),
    );

    // Order files (spec 7.4): the original always as an attachment, so an uploaded file never runs
    // in the portal's origin; thumbnail and preview as JPEG once the rendition job has made them.
    for (const variant of ['original', 'thumb', 'preview'] as const) {
      app.route({
        method: ['GET', 'HEAD'],
        url: variant === 'original' ? '/api/uploads/:filename' : `/api/uploads/${variant}/:filename`,
        // Signed URLs work without a token; without a signature the service asks for jde or super user.
        config: { access: 'public' },
        schema: { tags, params: UploadParams, querystring: UploadQuery },
        handler: async (request, reply) => {
          const file = await orders.openUpload({
            filename: request.params.filename,
            variant,
            auth: request.auth,
            u: request.query.u,
            exp: request.query.exp,
            sig: request.query.sig,
          });
          return sendRanged(request, reply, {
            size: file.size,
            type: file.mimeType,
            cacheControl: 'private, max-age=600',
            disposition: file.downloadName ? contentDisposition('attachment', file.downloadName) : undefined,
            read: (range) => blobs.read(file.sha256, range),
          });
        },
      });
    }
  };
