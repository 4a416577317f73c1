import {
  BundleFilenameAnswer,
  BundleLinkAnswer,
  BundleParams,
  CART_LIST_FILENAME,
  CartSendAnswer,
  CartSendRequest,
  DownloadsAnswer,
  LANGUAGES,
  MessagesAnswer,
  type Language,
} from '@mediabox/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.js';
import { requireAuth } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import type { CartService } from '../cart/cart.service.js';
import type { BundleService } from './bundle.service.js';
import type { CartSendService } from './cart-send.service.js';
import { cartSpreadsheet } from './cart-spreadsheet.js';

const tags = ['delivery'];
/** What is made of a cart keeps the cart's paths (spec 7.3) and its tag in the API description. */
const cartTags = ['cart'];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Checked by the ticket verifier, so that any mistake is 403, not 400. */
const ViewerQuery = z.object({
  u: z.unknown().optional(),
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
});

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';

/**
 * Spec 7.2 (downloads, messages) and 7.4 (`GET /download/{filename}`), under /api; and what spec 7.3
 * makes of the signed-in user's cart: its spreadsheet, a bundle to download, a bundle sent by mail.
 */
export const deliveryRoutes =
  (services: {
    bundles: BundleService;
    cart: CartService;
    send: CartSendService;
    config: Pick<Config, 'publicUrl'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { bundles, cart, send, config } = services;
    const access = { access: 'user' as const };

    app.get('/api/cart/list', { config: access, schema: { tags: cartTags } }, async (request, reply) => {
      const user = requireAuth(request);
      const lang = languageOf(user.lang);
      const items = await cart.entriesWithAssets(user);
      const file = await cartSpreadsheet(items, {
        lang,
        assetUrl: (assetId) => `${config.publicUrl}/asset/${assetId}`,
      });
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', CART_LIST_FILENAME))
        .header('cache-control', 'no-store')
        .send(file);
    });

    app.get(
      '/api/cart/download',
      { config: access, schema: { tags: cartTags, response: { 200: BundleFilenameAnswer } } },
      async (request) => {
        const user = requireAuth(request);
        const bundle = await bundles.createFromCart(user, { kind: 'download', lang: languageOf(user.lang) });
        return { filename: bundle.filename };
      },
    );

    app.post(
      '/api/cart/send',
      {
        config: access,
        schema: { tags: cartTags, body: CartSendRequest, response: { 200: CartSendAnswer } },
      },
      async (request) => {
        const { filename } = await send.send(requireAuth(request), request.body);
        return { success: true as const, filename };
      },
    );

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
