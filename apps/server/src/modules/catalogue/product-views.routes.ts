import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { ProductViewsService } from './product-views.service.js';

/** `POST /api/products/views` (issue 22.7): signed-in, approved users, like search. */
export const productViewsRoutes =
  (products: ProductViewsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.productViews, async (request) => products.views(request.body, requireAuth(request)));
  };
