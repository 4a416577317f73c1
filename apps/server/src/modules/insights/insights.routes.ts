import { InsightsAnswer, InsightsCsvParams, InsightsQuery } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { InsightsService } from './insights.service.js';

const tags = ['admin'];
/** Insights are for super users only; the access hook answers 401/403 before validation. */
const config = { access: 'super' as const };

/** Usage insights under /api/admin (issue 6). Thin: access rule -> contract schema -> service -> answer. */
export const insightsRoutes =
  (insights: InsightsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/insights',
      { config, schema: { tags, querystring: InsightsQuery, response: { 200: InsightsAnswer } } },
      async (request) => insights.insights(request.query),
    );

    app.get(
      '/api/admin/insights/:series.csv',
      { config, schema: { tags, params: InsightsCsvParams, querystring: InsightsQuery } },
      async (request, reply) => {
        const csv = await insights.csv(request.params.series, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', csv.fileName))
          .header('cache-control', 'private, no-store')
          .send(csv.body);
      },
    );
  };
