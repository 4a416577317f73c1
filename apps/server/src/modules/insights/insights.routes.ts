import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import { route } from '../../platform/http/route.js';
import type { InsightsService } from './insights.service.js';

/** Usage insights under /api/admin (issue 6). Thin: access rule -> contract schema -> service -> answer. */
export const insightsRoutes =
  (insights: InsightsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Super users only (the table's access rule); the access hook answers 401/403 before validation.
    route(app, endpoints.adminInsights, async (request) => insights.insights(request.query));

    route(app, endpoints.adminInsightsCsv, async (request, reply) => {
      const csv = await insights.csv(request.params.series, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', csv.fileName))
        .header('cache-control', 'private, no-store')
        .send(csv.body);
    });
  };
