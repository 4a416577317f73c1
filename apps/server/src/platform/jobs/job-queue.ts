import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Database, JobRow } from '../db/schema.js';
import { laneConcurrency, JOB_LANES, type JobLane } from './job-lanes.js';
import { JobStore, type NewJob, type RetryOutcome } from './job-store.js';
import { LaneRunner } from './lane-runner.js';

/** A job is a name, a zod payload and an idempotent handler (it may run more than once after a crash). */
export interface JobDefinition<Schema extends z.ZodType> {
  name: string;
  /** Which workers run it (see job-lanes.ts): a job never waits behind another lane's queue. */
  lane: JobLane;
  payload: Schema;
  handler: (payload: z.infer<Schema>, context: { jobId: number; attempt: number }) => Promise<void>;
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** Run inside this transaction, so the job exists exactly when the write that caused it does. */
  executor?: Kysely<Database>;
  delayMs?: number;
}

export interface RetryResult {
  outcome: RetryOutcome;
  /** The job's row after the retry; undefined when there is no job of that id. */
  job: JobRow | undefined;
}

export interface RetryOptions {
  withinTransaction?: (
    executor: Kysely<Database>,
    retried: { outcome: Exclude<RetryOutcome, 'notFailed'>; job: JobRow },
  ) => Promise<void>;
}

/** The default lease; a running job renews it every third of it, so only a dead runner's lease runs out. */
const DEFAULT_LEASE_MS = 60 * 1000;
/** Finished jobs are purged this often (by whichever instance gets there; the delete is idempotent). */
const PURGE_EVERY_MS = 10 * 60 * 1000;
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

/** Exponential backoff: 5 s, 10 s, 20 s … capped at one hour. */
export const retryDelayMs = (attempt: number): number => Math.min(5000 * 2 ** (attempt - 1), 60 * 60 * 1000);

/**
 * Durable jobs in the database, run in-process. Survives restarts: a job written is run until it
 * succeeds or has used its attempts. A runner holds a lease on the job it runs and renews it while
 * the handler works, however long; a runner that dies (crash, SIGKILL) stops renewing, and another
 * runner (or the restarted one) takes the job once the lease has run out: within `leaseMs`.
 */
export class JobQueue {
  private readonly store: JobStore;
  private readonly definitions = new Map<string, JobDefinition<z.ZodType>>();
  /** Recurring jobs by name: how long after a successful run the next one is due. */
  private readonly intervals = new Map<string, number>();
  private readonly lanes: Map<JobLane, LaneRunner>;
  private purgeTimer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs?: number; concurrency?: Partial<Record<JobLane, number>> } = {},
  ) {
    this.store = new JobStore(db);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    const concurrency = { ...laneConcurrency(), ...options.concurrency };
    const work = {
      due: (lane: JobLane, limit: number) => this.store.due(lane, this.clock.now(), limit),
      claim: (job: JobRow) => this.claim(job),
      run: (job: JobRow, lease: number) => this.runClaimed(job, lease),
    };
    this.lanes = new Map(JOB_LANES.map((lane) => [lane, new LaneRunner(lane, concurrency[lane], work, log)]));
  }

  /** How many jobs of each lane this instance runs at once. */
  concurrencyOf(lane: JobLane): number {
    return this.lanes.get(lane)!.concurrency;
  }

  define<Schema extends z.ZodType>(definition: JobDefinition<Schema>): void {
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<z.ZodType>);
  }

  /**
   * A job that runs every `intervalMs` (e.g. cleaning up expired bundles), whatever the number of
   * instances: its schedule is one row, rescheduled after each successful run, and `ensureRecurring`
   * (called at start) inserts that row only where none is pending (a unique key makes a second
   * instance's insert a no-op). A run that used all its attempts ends the row; the next start
   * queues the schedule again.
   */
  defineRecurring(definition: JobDefinition<z.ZodType<Record<string, never>>>, intervalMs: number): void {
    this.define(definition);
    this.intervals.set(definition.name, intervalMs);
  }

  /** Queues the first run of every recurring job that has none pending. */
  async ensureRecurring(): Promise<void> {
    const now = this.clock.now();
    for (const name of this.intervals.keys()) {
      await this.store.insertSchedule({
        name,
        lane: this.definitions.get(name)!.lane,
        payload: '{}',
        runAt: now,
        maxAttempts: this.definitions.get(name)!.maxAttempts ?? 8,
        now,
      });
    }
  }

  async enqueue<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options: EnqueueOptions = {},
  ): Promise<number> {
    const id = await this.store.insert(
      options.executor ?? this.db,
      this.newJob(definition, payload, options, this.clock.now()),
    );
    // Inside a transaction the job is not visible until the commit: the lane's next poll finds it.
    if (!this.stopped && !options.executor) this.lanes.get(definition.lane)!.wake();
    return id;
  }

  /**
   * Tells an idle lane that jobs queued inside a transaction are now committed, so that it takes them
   * at once instead of at its next poll (up to LANE_POLL_MS later). Call it after the commit.
   */
  wakeLane(lane: JobLane): void {
    if (!this.stopped) this.lanes.get(lane)!.wake();
  }

  /**
   * Queues one job per payload in one statement (a batch of digests: 500 mails are one round trip,
   * not 500). Keep batches within the databases' bound-parameter limits (7 per job).
   */
  async enqueueMany<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payloads: z.input<Schema>[],
    options: EnqueueOptions = {},
  ): Promise<void> {
    const now = this.clock.now();
    await this.store.insertMany(
      options.executor ?? this.db,
      payloads.map((payload) => this.newJob(definition, payload, options, now)),
    );
    if (!this.stopped && !options.executor) this.lanes.get(definition.lane)!.wake();
  }

  /** The job row of one payload, checked against its definition's schema. */
  private newJob<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options: EnqueueOptions,
    now: number,
  ): NewJob {
    return {
      name: definition.name,
      lane: definition.lane,
      payload: JSON.stringify(definition.payload.parse(payload)),
      runAt: now + (options.delayMs ?? 0),
      maxAttempts: definition.maxAttempts ?? 8,
      now,
    };
  }

  /** For administrators: see JobStore.list. */
  list(state: 'failed' | 'waiting', page: { offset: number; limit: number }) {
    return this.store.list(state, page);
  }

  /** Every lane's queue right now, with this instance's workers per lane. */
  async laneQueues(): Promise<
    Array<{ lane: JobLane; waiting: number; running: number; workersPerInstance: number }>
  > {
    const counts = await this.store.laneCounts(this.clock.now());
    return JOB_LANES.map((lane) => ({
      lane,
      waiting: counts.get(lane)?.waiting ?? 0,
      running: counts.get(lane)?.running ?? 0,
      workersPerInstance: this.concurrencyOf(lane),
    }));
  }

  find(id: number) {
    return this.store.find(id);
  }

  /**
   * Runs a failed job again (an administrator's decision; see JobStore.retryFailed) in one
   * transaction, in which `withinTransaction` runs after a change (not for 'notFailed'), e.g. to
   * write the audit row with it. Answers the outcome and the job's row as the retry left it.
   */
  async retryFailed(id: number, options: RetryOptions = {}): Promise<RetryResult> {
    const now = this.clock.now();
    const result = await this.db.transaction().execute(async (trx) => {
      const outcome = await this.store.retryFailed(id, now, trx);
      const job = await this.store.find(id, trx);
      if (outcome !== 'notFailed' && job) await options.withinTransaction?.(trx, { outcome, job });
      return { outcome, job };
    });
    // After the commit, so the lane's runner sees the job due.
    if (result.outcome === 'retried' && result.job && !this.stopped) this.laneOf(result.job).wake();
    return result;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const lane of this.lanes.values()) lane.start();
    this.purgeTimer = setInterval(() => void this.purgeFinished(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
    void this.purgeFinished();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
  }

  /**
   * Runs every job that is due now, each lane with its own concurrency, until none is left (a job
   * may queue another, possibly in another lane); tests call this instead of waiting.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const counts = await Promise.all([...this.lanes.values()].map((lane) => lane.drain()));
      const ran = counts.reduce((sum, count) => sum + count, 0);
      total += ran;
      if (ran === 0) return total;
    }
  }

  private laneOf(job: JobRow): LaneRunner {
    return this.lanes.get(job.lane as JobLane) ?? this.lanes.get('housekeeping')!;
  }

  private async purgeFinished(): Promise<void> {
    try {
      await this.store.purgeFinishedBefore(this.clock.now() - KEEP_DONE_MS);
    } catch (err) {
      this.log.error({ err }, 'purging finished jobs failed');
    }
  }

  /** Takes the job's lease; answers the lease taken, or undefined when another runner was quicker. */
  private async claim(job: JobRow): Promise<number | undefined> {
    const now = this.clock.now();
    const lease = now + this.leaseMs;
    return (await this.store.claim(job.id, now, lease)) ? lease : undefined;
  }

  /** A job just claimed: runs it while renewing its lease, and records the outcome. */
  private async runClaimed(job: JobRow, lease: number): Promise<void> {
    const heartbeat = this.keepLease(job.id, lease);
    await this.runOne(job.id, heartbeat, job.name, job.payload, job.attempts + 1, job.max_attempts);
  }

  /**
   * Renews the lease every third of its length while the job runs. `stop()` ends the renewals and
   * answers the lease now held, which the outcome must name (a renewal never races the outcome).
   */
  private keepLease(id: number, firstLease: number): LeaseHeartbeat {
    let lease = firstLease;
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        const next = this.clock.now() + this.leaseMs;
        try {
          if (await this.store.renew(id, lease, next)) lease = next;
        } catch (err) {
          this.log.warn({ err, jobId: id }, 'job lease not renewed');
        }
      });
    }, this.leaseMs / 3);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await renewing;
        return lease;
      },
    };
  }

  private async runOne(
    id: number,
    heartbeat: LeaseHeartbeat,
    name: string,
    payload: string,
    attempt: number,
    maxAttempts: number,
  ) {
    const definition = this.definitions.get(name);
    const fail = async (error: string) => {
      const lease = await heartbeat.stop();
      const now = this.clock.now();
      if (attempt >= maxAttempts || !definition) {
        this.log.error({ jobId: id, job: name, attempt, error }, 'job failed for good');
        await this.store.markFailed(id, lease, now, error);
      } else {
        this.log.warn({ jobId: id, job: name, attempt, error }, 'job failed, will retry');
        await this.store.markRetry(id, lease, now + retryDelayMs(attempt), error);
      }
    };
    if (!definition) return fail(`No handler for job ${name}`);
    try {
      await definition.handler(definition.payload.parse(JSON.parse(payload)), { jobId: id, attempt });
      const interval = this.intervals.get(name);
      const lease = await heartbeat.stop();
      const now = this.clock.now();
      if (interval === undefined) await this.store.markDone(id, lease, now);
      else await this.store.reschedule(id, lease, now + interval);
    } catch (err) {
      await fail(err instanceof Error ? err.message : String(err));
    }
  }
}

interface LeaseHeartbeat {
  stop(): Promise<number>;
}
