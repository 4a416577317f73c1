import { ErrorCodes, endpoints, type AdminJob } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../../platform/clock.js';
import type { Database, JobRow } from '../../../platform/db/schema.js';
import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../../platform/http/app-error.js';
import { route } from '../../../platform/http/route.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { isRunning } from '../../../platform/jobs/job-store.js';
import { ghostscriptInstalled } from '../../media/ghostscript-availability.js';
import { actorOf, writeAudit } from '../audit-log.js';

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

function presentJob(row: JobRow, now: number): AdminJob {
  return {
    id: row.id,
    name: row.name,
    lane: row.lane,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: iso(row.run_at)!,
    failedAt: iso(row.failed_at),
    createdAt: iso(row.created_at)!,
    lastError: row.last_error,
    recurring: row.schedule_key !== null,
    running: isRunning(row, now),
  };
}

/**
 * Background jobs for super users (issue 7: "dead jobs visible to administrators"): the failed
 * ones with their last error, the waiting ones (those running now marked), and a retry that runs a
 * failed job again.
 */
export const jobsAdminRoutes =
  (deps: { jobs: JobQueue; db: Kysely<Database>; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.adminJobs, async (request) => {
      const { state, offset, limit } = request.query;
      const [{ rows, total }, lanes] = await Promise.all([
        deps.jobs.list(state, { offset, limit }),
        deps.jobs.laneQueues(),
      ]);
      const now = deps.clock.now();
      const notices = ghostscriptInstalled() ? [] : (['ghostscriptMissing'] as const);
      return { jobs: rows.map((row) => presentJob(row, now)), total, lanes, notices: [...notices] };
    });

    route(app, endpoints.adminRetryJob, async (request) => {
      const { id } = request.params;
      const before = await deps.jobs.find(id);
      if (!before) throw notFound(ErrorCodes.jobNotFound, `No job ${id}`);
      const outcome = await deps.jobs.retryFailed(id);
      if (outcome === 'notFailed') {
        throw conflict(ErrorCodes.jobNotFailed, 'Only a failed job can be run again');
      }
      const audit = { actor: actorOf(request), targetType: 'job' as const, targetId: id };
      const was = { name: before.name, failedAt: iso(before.failed_at), lastError: before.last_error };
      if (outcome === 'scheduleQueued') {
        // Its schedule's new run is the retry: the failed run was closed instead (a change, so
        // it is audited), and the administrator is told that nothing else runs.
        const closed = (await deps.jobs.find(id))!;
        await writeAudit(deps.db, deps.clock.now(), {
          ...audit,
          action: 'job.dismiss',
          before: was,
          after: { doneAt: iso(closed.done_at) },
        });
        return { job: presentJob(closed, deps.clock.now()), outcome: 'dismissed' as const };
      }
      await writeAudit(deps.db, deps.clock.now(), {
        ...audit,
        action: 'job.retry',
        before: was,
        after: { failedAt: null },
      });
      return {
        job: presentJob((await deps.jobs.find(id))!, deps.clock.now()),
        outcome: 'retried' as const,
      };
    });
  };
