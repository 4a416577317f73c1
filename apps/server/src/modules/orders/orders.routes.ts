import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import { satisfiableRange } from '../catalogue/http-range.js';
import { registerOrderFormParser } from './order-form-parser.js';
import type { OrderUploads } from './order-uploads.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { contentDisposition } from '../catalogue/content-disposition.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];
/** Stored names are `{22 base64url chars}.{extension}` (order-uploads): anything else names nothing. */
const UploadParams = z.object({ filename: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/) });
const UploadQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * Spec 7.5 under /api. Every call is for internal staff (jde) and super users; the finer rules
 * (completed orders, status editing, deleting) are the service's. Create and change take JSON or
 * multipart/form-data with files (parsed by order-form-parser, validated by the same schema).
 */
export const ordersRoutes =
  (orders: OrdersService, uploads: OrderUploads, blobs: BlobStore): FastifyPluginAsyncZod =>
  async (app) => {
    registerOrderFormParser(app, uploads);

    route(app, endpoints.orders, async (request) => ({ orders: await orders.list(requireAuth(request)) }));

    // Static paths before /api/order/:id (find-my-way prefers them anyway; kept together for reading).
    route(app, endpoints.orderCount, async (request) => ({
      count: await orders.count(requireAuth(request)),
    }));

    route(app, endpoints.articleLookup, async (request) => {
      const { gtin, articleId } = request.query;
      return orders.lookupArticle(gtin ? { gtin } : { articleId: articleId ?? '' });
    });

    route(app, endpoints.orderSearch, async (request) => ({
      orders: await orders.search(requireAuth(request), request.body),
    }));

    route(app, endpoints.order, async (request) => orders.one(requireAuth(request), request.params.id));

    for (const endpoint of [endpoints.saveOrder, endpoints.saveOrderByPost]) {
      route(app, endpoint, async (request) =>
        orders.save(requireAuth(request), request.body, request.orderUploads ?? []),
      );
    }

    route(app, endpoints.reviewOrder, async (request) =>
      orders.review(requireAuth(request), request.params.id, request.body),
    );

    route(app, endpoints.deactivateOrder, async (request) => {
      await orders.deactivate(requireAuth(request), request.params.id);
      return { success: true as const };
    });

    route(app, endpoints.removeOrderFile, async (request) =>
      orders.removeFile(requireAuth(request), request.body.orderId, request.body.fileId),
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
            exp: request.query.exp,
            sig: request.query.sig,
          });
          const range = satisfiableRange(request.headers.range, file.size);
          reply
            .header('content-type', file.mimeType)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, max-age=600')
            .header('accept-ranges', 'bytes');
          if (file.downloadName) {
            reply.header('content-disposition', contentDisposition('attachment', file.downloadName));
          }
          const withBody = request.method !== 'HEAD';
          if (range.kind === 'partial') {
            reply
              .status(206)
              .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
              .header('content-length', String(range.end - range.start + 1));
            return reply.send(withBody ? blobs.read(file.sha256, range) : undefined);
          }
          reply.header('content-length', String(file.size));
          return reply.send(withBody && file.size > 0 ? blobs.read(file.sha256) : undefined);
        },
      });
    }
  };
