import { BundleLinkAnswer, BundleParams, DownloadsAnswer, MessagesAnswer } from '@mediabox/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { Tickets } from '../../platform/http/tickets.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import type { BundleService } from './bundle.service.js';
import type { DownloadEvents } from './download-events.js';

const tags = ['delivery'];
/** Checked by the ticket verifier, so that any mistake is 403, not 400. */
const ViewerQuery = z.object({
  u: z.unknown().optional(),
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
});

/** Spec 7.2 (downloads, messages) and 7.4 (`GET /download/{filename}`), under /api. */
export const deliveryRoutes =
  (services: { bundles: BundleService; events: DownloadEvents; tickets: Tickets }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bundles, events, tickets } = services;

    app.get(
      '/api/download/:filename/link',
      {
        config: { access: 'user' },
        schema: { tags, params: BundleParams, response: { 200: BundleLinkAnswer } },
      },
      async (request) => {
        const { bundle } = await bundles.open(request.params.filename);
        return { url: await tickets.bundleLink(bundle.filename, requireAuth(request).id) };
      },
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
      handler: async (request, reply) => {
        const opened = await bundles.open(request.params.filename);
        const { bundle } = opened;
        const { u, exp, sig } = request.query;
        // A link signed for a user counts as theirs; a tampered one is refused rather than ignored.
        const viewerId =
          u === undefined && exp === undefined && sig === undefined
            ? null
            : await tickets.verifyBundleLink({ filename: bundle.filename, u, exp, sig });
        return sendRanged(request, reply, {
          ...bundles.zip(opened),
          // HEAD tells the whole zip's length, whatever the Range.
          headIsWhole: true,
          // The bearer header wins over a link signed for someone (the app sends both as the same user).
          countDownload: ({ ip }) =>
            events.recordForViewer(request.auth?.id ?? viewerId, { kind: 'bundle', bundleId: bundle.id, ip }),
        });
      },
    });
  };
