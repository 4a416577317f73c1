import { AdminJobAnswer, AdminJobParams, AdminJobsAnswer, AdminJobsQuery } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../audit/audit-log.js';
import type { JobsAdminService } from './jobs-admin.service.js';

/** Background jobs under /api/admin/jobs (see JobsAdminService). */
export const jobsAdminRoutes =
  (jobsAdmin: JobsAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'super' as const };
    const tags = ['admin'];

    app.get(
      '/api/admin/jobs',
      { config, schema: { tags, querystring: AdminJobsQuery, response: { 200: AdminJobsAnswer } } },
      async (request) => jobsAdmin.list(request.query),
    );

    app.post(
      '/api/admin/jobs/:id/retry',
      { config, schema: { tags, params: AdminJobParams, response: { 200: AdminJobAnswer } } },
      async (request) => jobsAdmin.retry(actorOf(request), request.params.id),
    );
  };
