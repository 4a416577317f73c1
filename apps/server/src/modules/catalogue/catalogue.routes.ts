import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { CatalogueService } from './catalogue.service.js';
import type { DownloadEvents } from '../delivery/download-events.js';
import type { FileDeliveryService } from './file-delivery.service.js';
import { satisfiableRange } from './http-range.js';

const tags = ['catalogue'];

/** Path and query of a ticket are checked by the ticket verifier, so that any mistake is 403/404, not 400. */
const FileParams = z.object({ fileId: z.string(), variant: z.string() });
const TicketQuery = z.object({
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
  u: z.unknown().optional(),
});

/** Spec 7.2 under /api, file delivery by ticket, and the public GS1 short links. */
export const catalogueRoutes =
  (services: {
    catalogue: CatalogueService;
    files: FileDeliveryService;
    events: DownloadEvents;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalogue, files, events } = services;

    route(app, endpoints.node, async (request) => catalogue.node(request.params.id));

    route(app, endpoints.assets, async (request) =>
      catalogue.assetsIn(request.params.containerId, request.query, requireAuth(request)),
    );

    route(app, endpoints.asset, async (request) => ({
      data: await catalogue.asset(request.params.id, requireAuth(request)),
    }));

    route(app, endpoints.requestRemoval, async (request) => {
      const body = request.body ?? { reason: '' };
      await catalogue.requestRemoval(request.params.id, body, requireAuth(request));
      return { success: true };
    });

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
        const etag = `"${file.sha256}"`;
        const ifRange = request.headers['if-range'];
        // A Range with a stale If-Range validator gets the whole (new) file, as RFC 9110 says.
        const range =
          ifRange === undefined || ifRange === etag
            ? satisfiableRange(request.headers.range, file.size)
            : ({ kind: 'whole' } as const);
        reply
          .header('content-type', file.mimeType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', file.contentDisposition)
          .header('etag', etag)
          .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
          .header('accept-ranges', 'bytes');
        if (file.embeddable) reply.header('cross-origin-resource-policy', 'cross-origin');
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
        const withBody = request.method !== 'HEAD';
        // One download per fetch of an original from its first byte (a resumed part is the same one).
        if (withBody && file.download && (range.kind === 'whole' || range.start === 0)) {
          const { viewerId, ...what } = file.download;
          await events
            .recordForViewer(viewerId, { kind: 'file', ...what, ip: request.ip })
            .catch((error: unknown) => request.log.warn({ err: error }, 'download event not recorded'));
        }
        if (range.kind === 'partial') {
          reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
            .header('content-length', String(range.end - range.start + 1));
          return reply.send(withBody ? file.read({ start: range.start, end: range.end }) : undefined);
        }
        reply.header('content-length', String(file.size));
        // An empty file has no byte to read: answer it without opening the blob.
        return reply.send(withBody && file.size > 0 ? file.read() : undefined);
      },
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

/** `If-None-Match` may list several tags or be `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
