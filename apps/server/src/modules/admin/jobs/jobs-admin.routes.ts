import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../platform/http/route.js';
import { actorOf } from '../../audit/audit-log.js';
import type { JobsAdminService } from './jobs-admin.service.js';

/** Background jobs under /api/admin/jobs (see JobsAdminService). */
export const jobsAdminRoutes =
  (jobsAdmin: JobsAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.adminJobs, async (request) => jobsAdmin.list(request.query));
    route(app, endpoints.adminRetryJob, async (request) =>
      jobsAdmin.retry(actorOf(request), request.params.id),
    );
  };
