import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema.js';

/** SQL of the durable jobs table; works the same on SQLite and PostgreSQL. */
export class JobStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    executor: Kysely<Database>,
    job: { name: string; payload: string; runAt: number; maxAttempts: number; now: number },
  ): Promise<number> {
    const row = await executor
      .insertInto('jobs')
      .values({
        name: job.name,
        payload: job.payload,
        run_at: job.runAt,
        attempts: 0,
        max_attempts: job.maxAttempts,
        created_at: job.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Jobs that are due and not held by a live lease (a crashed runner's lease simply runs out). */
  async due(now: number, limit: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Takes the lease with a compare-and-set, so two runners never run the same attempt. */
  async claim(id: number, now: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markDone(id: number, now: number): Promise<void> {
    await this.db.updateTable('jobs').set({ done_at: now, locked_until: null }).where('id', '=', id).execute();
  }

  async markRetry(id: number, runAt: number, error: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ run_at: runAt, locked_until: null, last_error: error })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: number, now: number, error: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ failed_at: now, locked_until: null, last_error: error })
      .where('id', '=', id)
      .execute();
  }

  async find(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Finished jobs are kept a while for diagnosis, then removed. */
  async purgeFinishedBefore(time: number): Promise<void> {
    await this.db.deleteFrom('jobs').where('done_at', '<', time).execute();
  }
}
