import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../db/schema.js';
import type { JobLane } from './job-lanes.js';

/** How a lane runner reaches the queue: find due jobs of its lane, claim one, run a claimed one. */
export interface LaneWork {
  due(lane: JobLane, limit: number): Promise<JobRow[]>;
  /** Takes the job's lease and answers it; undefined when another runner was quicker. */
  claim(job: JobRow): Promise<number | undefined>;
  /** Runs a claimed job, holding `lease`, to its outcome (done, retry, failed). */
  run(job: JobRow, lease: number): Promise<void>;
}

/** An idle lane looks for new work this often; a job queued by this instance wakes it at once. */
export const LANE_POLL_MS = 1000;
/** Candidates read beyond the free slots, for the ones another runner claims first. */
const CLAIM_SLACK = 4;

/**
 * Runs the jobs of one lane, at most `concurrency` at a time. A free worker slot is filled as soon
 * as a job finishes; when nothing is due the lane polls every LANE_POLL_MS, since another instance
 * (or a transaction that has just committed) may have queued work this one was not told about.
 */
export class LaneRunner {
  private readonly active = new Set<Promise<void>>();
  private filling: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    readonly lane: JobLane,
    readonly concurrency: number,
    private readonly work: LaneWork,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.filling;
    await Promise.all(this.active);
  }

  /** Looks for work now (after this instance queued a job of the lane). */
  wake(): void {
    this.schedule(0);
  }

  /** Runs every job of the lane that is due now, `concurrency` at a time, until none is left. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const started = await this.fill();
      total += started;
      if (started === 0 && this.active.size === 0) return total;
      if (this.active.size > 0) await Promise.race(this.active);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.filling || this.stopped) return;
    let started = 0;
    this.filling = this.fill()
      .then((count) => {
        started = count;
      })
      .catch((err: unknown) => this.log.error({ err, lane: this.lane }, 'job lane failed'));
    await this.filling;
    this.filling = undefined;
    // A full lane is refilled by the next job that finishes; one that found work looks again at once.
    if (this.active.size < this.concurrency) this.schedule(started > 0 ? 0 : LANE_POLL_MS);
  }

  /**
   * Claims due jobs for the free slots and starts them; answers how many it started. It reads a few
   * more candidates than it has slots, since other runners may take some first; when they took all,
   * it reads again, so a lost race never looks like an empty lane.
   */
  private async fill(): Promise<number> {
    let started = 0;
    for (;;) {
      const free = this.concurrency - this.active.size;
      if (free <= 0) return started;
      const due = await this.work.due(this.lane, free + CLAIM_SLACK);
      if (due.length === 0) return started;
      for (const job of due) {
        if (this.active.size >= this.concurrency) break;
        const lease = await this.work.claim(job);
        if (lease === undefined) continue;
        this.begin(job, lease);
        started += 1;
      }
      if (started > 0) return started;
    }
  }

  private begin(job: JobRow, lease: number): void {
    const running: Promise<void> = this.work
      .run(job, lease)
      .catch((err: unknown) => this.log.error({ err, jobId: job.id, lane: this.lane }, 'job runner failed'))
      .finally(() => {
        this.active.delete(running);
        this.schedule(0);
      });
    this.active.add(running);
  }
}
