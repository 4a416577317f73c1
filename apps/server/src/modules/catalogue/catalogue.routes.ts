import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { CatalogueService } from './catalogue.service.js';
import type { FileDeliveryService } from './file-delivery.service.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';

/** Renditions may sit in other sites' `<img>` tags (GS1 links end here). */
const EMBEDDABLE = { 'cross-origin-resource-policy': 'cross-origin' };

/** Spec 7.2 under /api, file delivery by ticket, and the public GS1 short links. */
export const catalogueRoutes =
  (services: { catalogue: CatalogueService; files: FileDeliveryService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalogue, files } = services;

    route(app, endpoints.node, async (request) => catalogue.node(request.params.id));

    route(app, endpoints.assets, async (request) =>
      catalogue.assetsIn(request.params.containerId, request.query, requireAuth(request)),
    );

    route(app, endpoints.containerAssetIds, async (request) => {
      requireAuth(request);
      return catalogue.assetIdsOf(request.params.containerId);
    });

    route(app, endpoints.asset, async (request) => ({
      data: await catalogue.asset(request.params.id, requireAuth(request)),
    }));

    route(app, endpoints.requestRemoval, async (request) => {
      const body = request.body ?? { reason: '' };
      await catalogue.requestRemoval(request.params.id, body, requireAuth(request));
      return { success: true };
    });

    route(app, endpoints.file, async (request, reply) => {
      const file = await files.open({
        ...request.params,
        exp: request.query.exp,
        sig: request.query.sig,
        u: request.query.u,
      });
      return sendRanged(request, reply, {
        ...file,
        ifNoneMatch: true,
        ...(file.embeddable ? { headers: EMBEDDABLE } : {}),
      });
    });

    // Outside /api (the link is meant for <img> tags and other sites): public, but it only ever leads
    // to the main image's preview through a fresh ticket, never to an original.
    route(app, endpoints.gs1Link, async (request, reply) => {
      const ticket = await catalogue.gs1PreviewTicket(request.params.name);
      return reply
        .header('cache-control', 'no-store')
        .header('cross-origin-resource-policy', 'cross-origin')
        .redirect(ticket, 302);
    });
  };
