import { BundleLinkAnswer, BundleParams, DownloadsAnswer, MessagesAnswer } from '@mediabox/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import type { BundleService } from './bundle.service.js';

const tags = ['delivery'];
/** Checked by the ticket verifier, so that any mistake is 403, not 400. */
const ViewerQuery = z.object({
  u: z.unknown().optional(),
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
});

/** Spec 7.2 (downloads, messages) and 7.4 (`GET /download/{filename}`), under /api. */
export const deliveryRoutes =
  (services: { bundles: BundleService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bundles } = services;

    app.get(
      '/api/download/:filename/link',
      {
        config: { access: 'user' },
        schema: { tags, params: BundleParams, response: { 200: BundleLinkAnswer } },
      },
      async (request) => ({ url: await bundles.link(request.params.filename, requireAuth(request)) }),
    );

    app.get(
      '/api/downloads/',
      { config: { access: 'user' }, schema: { tags, response: { 200: DownloadsAnswer } } },
      async (request) => ({ downloads: await bundles.downloads(requireAuth(request)) }),
    );

    app.get(
      '/api/messages/',
      { config: { access: 'user' }, schema: { tags, response: { 200: MessagesAnswer } } },
      async (request) => ({ messages: await bundles.messages(requireAuth(request)) }),
    );

    // The link is the key (spec 2.8): no login. GET and HEAD together, so that HEAD answers the real
    // Content-Length without streaming the zip.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/download/:filename',
      config: { access: 'public' },
      schema: { tags, params: BundleParams, querystring: ViewerQuery },
      handler: async (request, reply) =>
        sendRanged(request, reply, {
          ...(await bundles.download(request.params.filename, request.query, request.auth)),
          // HEAD tells the whole zip's length, whatever the Range.
          headIsWhole: true,
        }),
    });
  };
