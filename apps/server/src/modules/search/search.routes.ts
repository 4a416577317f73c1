import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { SearchService } from './search.service.js';

/** Spec 7.2 `POST /search/`, under /api. Thin: access rule -> contract schema -> service. */
export const searchRoutes =
  (search: SearchService): FastifyPluginAsyncZod =>
  async (app) => {
    // Searches are recorded after their answer: let those writes finish before the database closes.
    app.addHook('onClose', () => search.recorded());
    route(app, endpoints.search, async (request) =>
      search.search(request.body, { user: requireAuth(request), ip: request.ip }),
    );
    route(app, endpoints.searchCountries, async (request) => {
      requireAuth(request);
      return search.countries(request.body.query);
    });
    route(app, endpoints.searchIds, async (request) => {
      requireAuth(request);
      return search.ids(request.body);
    });
    route(app, endpoints.searchSuggest, async (request) =>
      search.suggest(request.query, requireAuth(request)),
    );
  };
