import {
  AdminJobAnswer,
  AdminJobParams,
  AdminJobsAnswer,
  AdminJobsQuery,
  ErrorCodes,
  type AdminJob,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../../platform/clock.js';
import type { Database, JobRow } from '../../../platform/db/schema.js';
import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../../platform/http/app-error.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { actorOf, writeAudit } from '../audit-log.js';

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

function presentJob(row: JobRow): AdminJob {
  return {
    id: row.id,
    name: row.name,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: iso(row.run_at)!,
    failedAt: iso(row.failed_at),
    createdAt: iso(row.created_at)!,
    lastError: row.last_error,
    recurring: row.schedule_key !== null,
  };
}

/**
 * Background jobs for super users (issue 7: "dead jobs visible to administrators"): the failed
 * ones with their last error, the waiting ones, and a retry that runs a failed job again.
 */
export const jobsAdminRoutes =
  (deps: { jobs: JobQueue; db: Kysely<Database>; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'super' as const };
    const tags = ['admin'];

    app.get(
      '/api/admin/jobs',
      { config, schema: { tags, querystring: AdminJobsQuery, response: { 200: AdminJobsAnswer } } },
      async (request) => {
        const { state, offset, limit } = request.query;
        const { rows, total } = await deps.jobs.list(state, { offset, limit });
        return { jobs: rows.map(presentJob), total };
      },
    );

    app.post(
      '/api/admin/jobs/:id/retry',
      { config, schema: { tags, params: AdminJobParams, response: { 200: AdminJobAnswer } } },
      async (request) => {
        const { id } = request.params;
        const before = await deps.jobs.find(id);
        if (!before) throw notFound(ErrorCodes.jobNotFound, `No job ${id}`);
        if (!(await deps.jobs.retryFailed(id))) {
          throw conflict(ErrorCodes.jobNotFailed, 'Only a failed job can be run again');
        }
        await writeAudit(deps.db, deps.clock.now(), {
          actor: actorOf(request),
          action: 'job.retry',
          targetType: 'job',
          targetId: id,
          before: { name: before.name, failedAt: iso(before.failed_at), lastError: before.last_error },
          after: { failedAt: null },
        });
        return { job: presentJob((await deps.jobs.find(id))!) };
      },
    );
  };
