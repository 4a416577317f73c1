import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { route } from '../../platform/http/route.js';
import { registerOrderFormParser } from './order-form-parser.js';
import type { OrderUploads } from './order-uploads.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { OrdersService } from './orders.service.js';

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
    const uploadEndpoints = {
      original: endpoints.orderUpload,
      thumb: endpoints.orderUploadThumb,
      preview: endpoints.orderUploadPreview,
    } as const;
    for (const variant of ['original', 'thumb', 'preview'] as const) {
      // Signed URLs work without a token; without a signature the service asks for jde or super user.
      route(app, uploadEndpoints[variant], async (request, reply) => {
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
      });
    }
  };
