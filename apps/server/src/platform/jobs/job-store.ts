import { sql, type Kysely, type Updateable } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, JobRow, JobsTable } from '../db/schema.js';
import type { JobLane } from './job-lanes.js';

/**
 * What an administrator's retry did: the job runs again; it had not failed (or no longer exists as a
 * failed job); or it is a failed run of a schedule that has a new run queued already.
 */
export type RetryOutcome = 'retried' | 'notFailed' | 'scheduleQueued';

/**
 * Whether a runner holds the job right now: the same live lease that keeps other runners from
 * claiming it (see `claim`). A lease that ran out belongs to a runner that died: the job waits.
 */
export function isRunning(job: JobRow, now: number): boolean {
  return (
    job.done_at === null && job.failed_at === null && job.locked_until !== null && job.locked_until >= now
  );
}

/** A job to queue: what it runs, in which lane, when, and how often it may be tried. */
export interface NewJob {
  name: string;
  lane: JobLane;
  payload: string;
  runAt: number;
  maxAttempts: number;
  now: number;
}

/** The row of a new job, not yet tried. */
const jobRow = (job: NewJob) => ({
  name: job.name,
  lane: job.lane,
  payload: job.payload,
  run_at: job.runAt,
  attempts: 0,
  max_attempts: job.maxAttempts,
  created_at: job.now,
});

/** SQL of the durable jobs table; works the same on SQLite and PostgreSQL. */
export class JobStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(executor: Kysely<Database>, job: NewJob): Promise<number> {
    const row = await executor
      .insertInto('jobs')
      .values(jobRow(job))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Several jobs in one multi-row insert (a batch of mails): one round trip instead of one each. */
  async insertMany(executor: Kysely<Database>, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await executor.insertInto('jobs').values(jobs.map(jobRow)).execute();
  }

  /** The row of a recurring job, unless one is pending already (then nothing happens). */
  async insertSchedule(job: NewJob): Promise<void> {
    await this.db
      .insertInto('jobs')
      .values({ ...jobRow(job), schedule_key: job.name })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /**
   * A lane's jobs that are due and not held by a live lease (a crashed runner's lease simply runs
   * out). Read through the partial index jobs_lane_due, whatever the length of other lanes' queues.
   */
  async due(lane: JobLane, now: number, limit: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('lane', '=', lane)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes the lease with a compare-and-set, so two runners never run the same attempt. The job must
   * still be due: a recurring job another runner has just run and rescheduled is not taken again.
   */
  async claim(id: number, now: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Extends a lease the runner still holds (compare-and-set on the lease it has). */
  async renew(id: number, lease: number, leaseUntil: number): Promise<boolean> {
    return this.finish(id, lease, { locked_until: leaseUntil });
  }

  /*
   * The outcome is written only while the runner still holds its lease (`locked_until` is the lease
   * it took): a runner that overran its lease and lost the job to another must not overwrite that
   * runner's result.
   */
  async markDone(id: number, lease: number, now: number): Promise<boolean> {
    return this.finish(id, lease, { done_at: now, locked_until: null });
  }

  /** A recurring job ran: the same row waits for its next run, with a fresh count of attempts. */
  async reschedule(id: number, lease: number, runAt: number): Promise<boolean> {
    return this.finish(id, lease, { run_at: runAt, attempts: 0, locked_until: null, last_error: null });
  }

  async markRetry(id: number, lease: number, runAt: number, error: string): Promise<boolean> {
    return this.finish(id, lease, { run_at: runAt, locked_until: null, last_error: error });
  }

  async markFailed(id: number, lease: number, now: number, error: string): Promise<boolean> {
    return this.finish(id, lease, { failed_at: now, locked_until: null, last_error: error });
  }

  private async finish(id: number, lease: number, changes: Updateable<JobsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(changes)
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** For administrators: failed jobs newest first, or waiting ones in the order they run. */
  async list(
    state: 'failed' | 'waiting',
    page: { offset: number; limit: number },
  ): Promise<{ rows: JobRow[]; total: number }> {
    const base = this.db
      .selectFrom('jobs')
      .where('done_at', 'is', null)
      .where('failed_at', state === 'failed' ? 'is not' : 'is', null);
    const [rows, count] = await Promise.all([
      (state === 'failed' ? base.orderBy('failed_at', 'desc') : base.orderBy('run_at'))
        .orderBy('id', state === 'failed' ? 'desc' : 'asc')
        .selectAll()
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * A failed job runs again from its first attempt (compare-and-set on failed_at). A recurring
   * schedule that was queued again since (its key is taken) cannot: its new run is the retry. That
   * failed run is then closed as finished (kept with its error, purged like other finished jobs), so
   * it leaves the failed list instead of staying there as a job nobody can run again.
   * With `executor` a transaction, it runs in it (the caller writes its audit row alongside).
   */
  async retryFailed(id: number, now: number, executor: Kysely<Database> = this.db): Promise<RetryOutcome> {
    const failed = executor
      .updateTable('jobs')
      .where('id', '=', id)
      .where('failed_at', 'is not', null)
      .where('done_at', 'is', null);
    // On PostgreSQL a failed statement aborts its whole transaction: within one, the unique
    // violation is expected, so the update runs under a savepoint the transaction returns to.
    const savepoint = executor.isTransaction;
    if (savepoint) await sql`savepoint job_retry`.execute(executor);
    try {
      const result = await failed
        .set({ failed_at: null, attempts: 0, run_at: now, locked_until: null })
        .executeTakeFirst();
      if (savepoint) await sql`release savepoint job_retry`.execute(executor);
      return Number(result.numUpdatedRows) === 1 ? 'retried' : 'notFailed';
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (savepoint) await sql`rollback to savepoint job_retry`.execute(executor);
    }
    const closed = await failed.set({ done_at: now }).executeTakeFirst();
    return Number(closed.numUpdatedRows) === 1 ? 'scheduleQueued' : 'notFailed';
  }

  /** Unfinished jobs per lane: how many wait (due or later) and how many a runner holds now. */
  async laneCounts(now: number): Promise<Map<string, { waiting: number; running: number }>> {
    const rows = await this.db
      .selectFrom('jobs')
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .select((eb) => [
        'lane',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn
          .sum<number | string | null>(eb.case().when('locked_until', '>=', now).then(1).else(0).end())
          .as('running'),
      ])
      .groupBy('lane')
      .execute();
    return new Map(
      rows.map((row) => {
        const running = Number(row.running ?? 0);
        return [row.lane, { waiting: Number(row.total) - running, running }];
      }),
    );
  }

  async find(id: number, executor: Kysely<Database> = this.db): Promise<JobRow | undefined> {
    return executor.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Finished jobs are kept a while for diagnosis, then removed. */
  async purgeFinishedBefore(time: number): Promise<void> {
    await this.db.deleteFrom('jobs').where('done_at', '<', time).execute();
  }
}
