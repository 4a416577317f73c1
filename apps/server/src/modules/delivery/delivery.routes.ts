import {
  BundleLinkAnswer,
  BundleParams,
  DownloadsAnswer,
  ErrorCodes,
  MessagesAnswer,
} from '@mediabox/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { requireAuth } from '../../platform/http/auth.js';
import type { Tickets } from '../../platform/http/tickets.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { parseRange } from '../../platform/http/http-range.js';
import type { BundleService } from './bundle.service.js';
import type { DownloadEvents } from './download-events.js';
import { planZip } from './zip/zip-layout.js';
import { zipStream } from './zip/zip-stream.js';

const tags = ['delivery'];
/** Checked by the ticket verifier, so that any mistake is 403, not 400. */
const ViewerQuery = z.object({
  u: z.unknown().optional(),
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
});

/** The name the browser saves a bundle under: the portal and the bundle's day, not the random key. */
function saveAsName(createdAt: number): string {
  return `Mediabox-${new Date(createdAt).toISOString().slice(0, 10)}.zip`;
}

/** Spec 7.2 (downloads, messages) and 7.4 (`GET /download/{filename}`), under /api. */
export const deliveryRoutes =
  (services: {
    bundles: BundleService;
    blobs: BlobStore;
    events: DownloadEvents;
    tickets: Tickets;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bundles, blobs, events, tickets } = services;

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
        const { bundle, entries } = await bundles.open(request.params.filename);
        const { u, exp, sig } = request.query;
        // A link signed for a user counts as theirs; a tampered one is refused rather than ignored.
        const viewerId =
          u === undefined && exp === undefined && sig === undefined
            ? null
            : await tickets.verifyBundleLink({ filename: bundle.filename, u, exp, sig });
        const plan = planZip(
          entries.map((entry) => ({
            name: entry.entry_name,
            size: Number(entry.size),
            crc32: Number(entry.crc32),
            modifiedAt: bundle.created_at,
          })),
        );
        // The manifest only ever loses entries (assets withdrawn since), so name and entry count
        // identify the bytes: a resumed download never mixes two layouts.
        const etag = `"${bundle.filename}.${entries.length}"`;
        const ifRange = request.headers['if-range'];
        const range =
          ifRange === undefined || ifRange === etag
            ? parseRange(request.headers.range, plan.totalSize)
            : ({ kind: 'whole' } as const);
        if (range.kind === 'unsatisfiable') {
          throw new AppError(416, ErrorCodes.badRequest, 'Range not satisfiable', undefined, {
            'content-range': `bytes */${plan.totalSize}`,
          });
        }
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', contentDisposition('attachment', saveAsName(bundle.created_at)))
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header('accept-ranges', 'bytes');
        if (request.method === 'HEAD') {
          return reply.header('content-length', String(plan.totalSize)).send();
        }
        // A resumed download (a range not starting at 0) is the same download: count it once.
        if (range.kind === 'whole' || range.start === 0) {
          // The bearer header wins over a link signed for someone (the app sends both as the same user).
          await events
            .recordForViewer(request.auth?.id ?? viewerId, {
              kind: 'bundle',
              bundleId: bundle.id,
              ip: request.ip,
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'download event not recorded'));
        }
        const openEntry = (index: number, part?: { start: number; end: number }) =>
          blobs.read(entries[index]!.blob_sha256, part);
        if (range.kind === 'partial') {
          reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${plan.totalSize}`)
            .header('content-length', String(range.end - range.start + 1));
          return reply.send(zipStream(plan, openEntry, { start: range.start, end: range.end }));
        }
        reply.header('content-length', String(plan.totalSize));
        return reply.send(zipStream(plan, openEntry));
      },
    });
  };
