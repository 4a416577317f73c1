import { CartAnswer, CartAssetParams, CartChange, CartSummary } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { CartService } from './cart.service.js';

const tags = ['cart'];

/**
 * Spec 7.3 under /api: every call needs a signed-in, approved user and acts on that user's cart only.
 * What is made of a cart (`/api/cart/list`, `/download`, `/send`) is the delivery module's.
 */
export const cartRoutes =
  (cart: CartService): FastifyPluginAsyncZod =>
  async (app) => {
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
  };
