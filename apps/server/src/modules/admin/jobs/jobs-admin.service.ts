import { ErrorCodes, type AdminJobAnswer, type AdminJobsAnswer } from '@mediabox/contract';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { ghostscriptInstalled } from '../../media/ghostscript-availability.js';
import { writeAudit, type AdminActor } from '../../audit/audit-log.js';
import { iso, presentJob } from './jobs-admin.presenter.js';

export interface JobsAdminDeps {
  jobs: Pick<JobQueue, 'list' | 'laneQueues' | 'find' | 'retryFailed'>;
  clock: Clock;
}

/**
 * Background jobs for super users (issue 7: "dead jobs visible to administrators"): the failed
 * ones with their last error, the waiting ones (those running now marked), and a retry that runs a
 * failed job again. A retry and its audit row commit together, like every other admin action.
 */
export class JobsAdminService {
  constructor(private readonly deps: JobsAdminDeps) {}

  async list(query: {
    state: 'failed' | 'waiting';
    offset: number;
    limit: number;
  }): Promise<AdminJobsAnswer> {
    const { state, offset, limit } = query;
    const [{ rows, total }, lanes] = await Promise.all([
      this.deps.jobs.list(state, { offset, limit }),
      this.deps.jobs.laneQueues(),
    ]);
    const now = this.deps.clock.now();
    const notices = ghostscriptInstalled() ? [] : (['ghostscriptMissing'] as const);
    return { jobs: rows.map((row) => presentJob(row, now)), total, lanes, notices: [...notices] };
  }

  async retry(actor: AdminActor, id: number): Promise<AdminJobAnswer> {
    const { jobs, clock } = this.deps;
    const before = await jobs.find(id);
    if (!before) throw new AppError(ErrorCodes.jobNotFound, `No job ${id}`);
    const audit = { actor, targetType: 'job' as const, targetId: id };
    const was = { name: before.name, failedAt: iso(before.failed_at), lastError: before.last_error };
    const { outcome, job } = await jobs.retryFailed(id, {
      withinTransaction: (executor, retried) =>
        writeAudit(
          executor,
          clock.now(),
          retried.outcome === 'scheduleQueued'
            ? // Its schedule's new run is the retry: the failed run was closed instead (a change,
              // so it is audited), and the administrator is told that nothing else runs.
              { ...audit, action: 'job.dismiss', before: was, after: { doneAt: iso(retried.job.done_at) } }
            : { ...audit, action: 'job.retry', before: was, after: { failedAt: null } },
        ),
    });
    if (outcome === 'notFailed' || !job) {
      throw new AppError(ErrorCodes.jobNotFailed, 'Only a failed job can be run again');
    }
    return {
      job: presentJob(job, clock.now()),
      outcome: outcome === 'scheduleQueued' ? 'dismissed' : 'retried',
    };
  }
}
