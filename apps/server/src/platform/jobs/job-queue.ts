import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { JobStore, type RetryOutcome } from './job-store.js';

/** A job is a name, a zod payload and an idempotent handler (it may run more than once after a crash). */
export interface JobDefinition<Schema extends z.ZodType> {
  name: string;
  payload: Schema;
  handler: (payload: z.infer<Schema>, context: { jobId: number; attempt: number }) => Promise<void>;
  maxAttempts?: number;
}

export interface EnqueueOptions {
  /** Run inside this transaction, so the job exists exactly when the write that caused it does. */
  executor?: Kysely<Database>;
  delayMs?: number;
}

/** The default lease; a running job renews it every third of it, so only a dead runner's lease runs out. */
const DEFAULT_LEASE_MS = 60 * 1000;
const POLL_MS = 1000;
const BATCH = 10;
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly leaseMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs?: number } = {},
  ) {
    this.store = new JobStore(db);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
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
    const parsed = definition.payload.parse(payload);
    const now = this.clock.now();
    const id = await this.store.insert(options.executor ?? this.db, {
      name: definition.name,
      payload: JSON.stringify(parsed),
      runAt: now + (options.delayMs ?? 0),
      maxAttempts: definition.maxAttempts ?? 8,
      now,
    });
    if (!this.stopped && !options.executor) this.wake();
    return id;
  }

  /** For administrators: see JobStore.list. */
  list(state: 'failed' | 'waiting', page: { offset: number; limit: number }) {
    return this.store.list(state, page);
  }

  find(id: number) {
    return this.store.find(id);
  }

  /** Runs a failed job again (an administrator's decision); see JobStore.retryFailed. */
  async retryFailed(id: number): Promise<RetryOutcome> {
    const outcome = await this.store.retryFailed(id, this.clock.now());
    if (outcome === 'retried' && !this.stopped) this.wake();
    return outcome;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every job that is due now, until none is left; tests call this instead of waiting. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runBatch();
      total += ran;
      if (ran === 0) return total;
    }
  }

  private wake(): void {
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = (async () => {
      try {
        await this.drain();
        await this.store.purgeFinishedBefore(this.clock.now() - KEEP_DONE_MS);
      } catch (err) {
        this.log.error({ err }, 'job runner failed');
      }
    })();
    await this.running;
    this.running = undefined;
    this.schedule(POLL_MS);
  }

  private async runBatch(): Promise<number> {
    const due = await this.store.due(this.clock.now(), BATCH);
    let ran = 0;
    for (const job of due) {
      const now = this.clock.now();
      const lease = now + this.leaseMs;
      if (!(await this.store.claim(job.id, now, lease))) continue;
      ran += 1;
      const heartbeat = this.keepLease(job.id, lease);
      await this.runOne(job.id, heartbeat, job.name, job.payload, job.attempts + 1, job.max_attempts);
    }
    return ran;
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
