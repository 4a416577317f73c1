import {
  CART_LIST_FILENAME,
  CartAnswer,
  CartAssetParams,
  CartChange,
  CartSendAnswer,
  CartSendRequest,
  CartSummary,
  BundleFilenameAnswer,
  LANGUAGES,
  type Language,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.js';
import { requireAuth } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { BundleService } from '../delivery/bundle.service.js';
import type { CartSendService } from '../delivery/cart-send.service.js';
import { cartSpreadsheet } from '../delivery/cart-spreadsheet.js';
import type { CartService } from './cart.service.js';

const tags = ['cart'];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';

/** Spec 7.3 under /api: every call needs a signed-in, approved user and acts on that user's cart only. */
export const cartRoutes =
  (services: {
    cart: CartService;
    bundles: BundleService;
    send: CartSendService;
    config: Pick<Config, 'publicUrl'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { cart, bundles, send, config } = services;
    const access = { access: 'user' as const };

    app.get(
      '/api/cart/',
      { config: access, schema: { tags, response: { 200: CartAnswer } } },
      async (request) => cart.cart(requireAuth(request)),
    );

    app.get(
      '/api/cart/all',
      { config: access, schema: { tags, response: { 200: CartSummary } } },
      async (request) => cart.summary(requireAuth(request)),
    );

    app.get('/api/cart/list', { config: access, schema: { tags } }, async (request, reply) => {
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
      { config: access, schema: { tags, response: { 200: BundleFilenameAnswer } } },
      async (request) => {
        const user = requireAuth(request);
        const bundle = await bundles.createFromCart(user, { kind: 'download', lang: languageOf(user.lang) });
        return { filename: bundle.filename };
      },
    );

    app.get(
      '/api/cart/:id',
      { config: access, schema: { tags, params: CartAssetParams, response: { 200: CartAnswer } } },
      async (request) => cart.cart(requireAuth(request), request.params.id),
    );

    app.put(
      '/api/cart/',
      { config: access, schema: { tags, body: CartChange, response: { 200: CartSummary } } },
      async (request) => cart.add(requireAuth(request), request.body),
    );

    app.delete(
      '/api/cart/',
      { config: access, schema: { tags, body: CartChange, response: { 200: CartSummary } } },
      async (request) => cart.remove(requireAuth(request), request.body),
    );

    app.post(
      '/api/cart/clear',
      { config: access, schema: { tags, response: { 200: CartSummary } } },
      async (request) => cart.clear(requireAuth(request)),
    );

    app.post(
      '/api/cart/send',
      { config: access, schema: { tags, body: CartSendRequest, response: { 200: CartSendAnswer } } },
      async (request) => {
        const { filename } = await send.send(requireAuth(request), request.body);
        return { success: true as const, filename };
      },
    );
  };
