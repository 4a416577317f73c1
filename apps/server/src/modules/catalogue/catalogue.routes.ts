import {
  AssetAnswer,
  AssetParams,
  AssetsAnswer,
  AssetsQuery,
  ContainerParams,
  NodeAnswer,
  NodeParams,
  RemovalRequest,
  SuccessAnswer,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { CatalogueService } from './catalogue.service.js';
import type { FileDeliveryService } from './file-delivery.service.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';

const tags = ['catalogue'];

/** Path and query of a ticket are checked by the ticket verifier, so that any mistake is 403/404, not 400. */
const FileParams = z.object({ fileId: z.string(), variant: z.string() });
const TicketQuery = z.object({
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
  u: z.unknown().optional(),
});
const Gs1Params = z.object({ name: z.string() });
/** Renditions may sit in other sites' `<img>` tags (GS1 links end here). */
const EMBEDDABLE = { 'cross-origin-resource-policy': 'cross-origin' };

/** Spec 7.2 under /api, file delivery by ticket, and the public GS1 short links. */
export const catalogueRoutes =
  (services: { catalogue: CatalogueService; files: FileDeliveryService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalogue, files } = services;

    app.get(
      '/api/node/:id',
      { config: { access: 'user' }, schema: { tags, params: NodeParams, response: { 200: NodeAnswer } } },
      async (request) => catalogue.node(request.params.id),
    );

    app.get(
      '/api/assets/:containerId',
      {
        config: { access: 'user' },
        schema: { tags, params: ContainerParams, querystring: AssetsQuery, response: { 200: AssetsAnswer } },
      },
      async (request) => catalogue.assetsIn(request.params.containerId, request.query, requireAuth(request)),
    );

    app.get(
      '/api/asset/:id',
      { config: { access: 'user' }, schema: { tags, params: AssetParams, response: { 200: AssetAnswer } } },
      async (request) => ({ data: await catalogue.asset(request.params.id, requireAuth(request)) }),
    );

    app.delete(
      '/api/asset/:id',
      {
        config: { access: 'user' },
        schema: {
          tags,
          params: AssetParams,
          // The spec's app sends {assetId}; a bare DELETE is just as clear.
          body: RemovalRequest.nullish(),
          response: { 200: SuccessAnswer },
        },
      },
      async (request) => {
        const body = request.body ?? { reason: '' };
        await catalogue.requestRemoval(request.params.id, body, requireAuth(request));
        return { success: true };
      },
    );

    // GET and HEAD declared together: Fastify's generated HEAD route would read the whole blob to
    // discard it and answer Content-Length 0.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/file/:fileId/:variant',
      config: { access: 'public' },
      schema: { tags, params: FileParams, querystring: TicketQuery },
      handler: async (request, reply) => {
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
      },
    });

    // Outside /api (the link is meant for <img> tags and other sites): public, but it only ever leads
    // to the main image's preview through a fresh ticket, never to an original.
    app.get(
      '/gs1/:name',
      { config: { access: 'public' }, schema: { tags, params: Gs1Params } },
      async (request, reply) => {
        const ticket = await catalogue.gs1PreviewTicket(request.params.name);
        return reply
          .header('cache-control', 'no-store')
          .header('cross-origin-resource-policy', 'cross-origin')
          .redirect(ticket, 302);
      },
    );
  };
