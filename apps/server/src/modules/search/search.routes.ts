import { SearchAnswer, SearchRequest } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { SearchService } from './search.service.js';

/** Spec 7.2 `POST /search/`, under /api. Thin: access rule -> contract schema -> service. */
export const searchRoutes =
  (search: SearchService): FastifyPluginAsyncZod =>
  async (app) => {
    // Searches are recorded after their answer: let those writes finish before the database closes.
    app.addHook('onClose', () => search.recorded());
    app.post(
      '/api/search/',
      {
        config: { access: 'user' },
        schema: { tags: ['search'], body: SearchRequest, response: { 200: SearchAnswer } },
      },
      async (request) => search.search(request.body, { user: requireAuth(request), ip: request.ip }),
    );
  };
