import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { CartService } from './cart.service.js';

/**
 * Spec 7.3 under /api: every call needs a signed-in, approved user and acts on that user's cart only.
 * What is made of a cart (`/api/cart/list`, `/download`, `/send`) is the delivery module's.
 */
export const cartRoutes =
  (cart: CartService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.cart, async (request) => cart.cart(requireAuth(request)));
    route(app, endpoints.cartAll, async (request) => cart.summary(requireAuth(request)));
    route(app, endpoints.cartEntry, async (request) => cart.cart(requireAuth(request), request.params.id));
    route(app, endpoints.cartAdd, async (request) => cart.add(requireAuth(request), request.body));
    route(app, endpoints.cartRemove, async (request) => cart.remove(requireAuth(request), request.body));
    route(app, endpoints.cartClear, async (request) => cart.clear(requireAuth(request)));
  };
