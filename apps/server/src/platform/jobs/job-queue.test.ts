import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import type { JobLane } from './job-lanes.js';
import { JobQueue, retryDelayMs, type JobDefinition } from './job-queue.js';
import { LANE_POLL_MS } from './lane-runner.js';

const LEASE_MS = 60 * 1000;
const Payload = z.object({ n: z.number().int() });
type Handler = JobDefinition<typeof Payload>['handler'];

let sequence = 0;
/** A job definition with a name of its own, so no two tests share jobs. */
const defineJob = (handler: Handler, maxAttempts?: number): JobDefinition<typeof Payload> => ({
  name: `test.job-${(sequence += 1)}`,
  lane: 'housekeeping' as const,
  payload: Payload,
  handler,
  ...(maxAttempts ? { maxAttempts } : {}),
});

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000);
  });
});

describeEachDatabase('JobQueue', (dialect) => {
  let t: TestApp;
  /** A second connection (SQLite) or pool (PostgreSQL) to the same database: another runner. */
  let other: DatabaseHandle;
  const log = pino({ level: 'silent' });
  const queue = (db = t.context.database.db) => new JobQueue(db, t.clock, log);
  const rows = () => t.context.database.db.selectFrom('jobs').selectAll().orderBy('id').execute();
  const row = async (id: number) => (await rows()).find((job) => job.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    other = openDatabase(t.config.databaseUrl);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.context.database.db.deleteFrom('jobs').execute();
  });

  it('runs a recurring job every interval, queued once however often the schedule is ensured', async () => {
    const jobs = queue();
    let runs = 0;
    const name = `test.recurring-${(sequence += 1)}`;
    jobs.defineRecurring(
      {
        name,
        lane: 'housekeeping' as const,
        payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
        handler: async () => {
          runs += 1;
        },
      },
      60_000,
    );
    await jobs.ensureRecurring();
    await jobs.ensureRecurring();
    expect((await rows()).filter((job) => job.name === name)).toHaveLength(1);
    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(1);
    // The run queued the next one, a minute later; ensuring again adds nothing.
    await jobs.ensureRecurring();
    const pending = (await rows()).filter((job) => job.name === name && job.done_at === null);
    expect(pending.map((job) => job.run_at)).toEqual([t.clock.now() + 60_000]);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(60_000);
    expect(await jobs.drain()).toBe(1);
    expect(runs).toBe(2);
    // One row all along, rescheduled after each run with a fresh count of attempts.
    expect((await rows()).filter((job) => job.name === name)).toEqual([
      expect.objectContaining({ attempts: 0, done_at: null, run_at: t.clock.now() + 60_000 }),
    ]);
  });

  it('queues a schedule once when several instances start at the same moment, and runs it once', async () => {
    const name = `test.recurring-${(sequence += 1)}`;
    let runs = 0;
    const instances = [queue(), queue(other.db), queue(), queue(other.db)];
    for (const jobs of instances) {
      jobs.defineRecurring(
        {
          name,
          lane: 'housekeeping' as const,
          payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
          handler: async () => {
            runs += 1;
          },
        },
        60_000,
      );
    }
    await Promise.all(instances.map((jobs) => jobs.ensureRecurring()));
    expect((await rows()).filter((job) => job.name === name)).toHaveLength(1);
    const ran = await Promise.all(instances.map((jobs) => jobs.drain()));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(runs).toBe(1);
  });

  it('queues a schedule again after it failed for good', async () => {
    const name = `test.recurring-${(sequence += 1)}`;
    const jobs = queue();
    jobs.defineRecurring(
      {
        name,
        lane: 'housekeeping' as const,
        payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
        handler: async () => {
          throw new Error('broken');
        },
        maxAttempts: 1,
      },
      60_000,
    );
    await jobs.ensureRecurring();
    await jobs.drain();
    expect((await rows()).filter((job) => job.name === name)).toEqual([
      expect.objectContaining({ failed_at: t.clock.now(), last_error: 'broken' }),
    ]);
    await jobs.ensureRecurring();
    const pending = (await rows()).filter((job) => job.name === name && job.failed_at === null);
    expect(pending).toHaveLength(1);
  });

  it('runs a due job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const jobs = queue();
    const job = defineJob(async (payload, context) => void seen.push({ payload, attempt: context.attempt }));
    jobs.define(job);
    const id = await jobs.enqueue(job, { n: 7 });
    expect(await row(id)).toMatchObject({ attempts: 0, done_at: null });
    expect(await jobs.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { n: 7 }, attempt: 1 }]);
    expect(await row(id)).toMatchObject({
      attempts: 1,
      done_at: t.clock.now(),
      failed_at: null,
      locked_until: null,
      last_error: null,
    });
    expect(await jobs.drain()).toBe(0);
  });

  it('holds a delayed job until it is due', async () => {
    const jobs = queue();
    const handler = vi.fn<Handler>(async () => {});
    const job = defineJob(handler);
    jobs.define(job);
    await jobs.enqueue(job, { n: 1 }, { delayMs: 60_000 });
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(59_999);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('refuses a payload that does not fit the schema, storing nothing', async () => {
    const jobs = queue();
    const job = defineJob(async () => {});
    jobs.define(job);
    await expect(jobs.enqueue(job, { n: 'seven' } as unknown as { n: number })).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('refuses to define a job name twice', () => {
    const jobs = queue();
    const job = defineJob(async () => {});
    jobs.define(job);
    expect(() => jobs.define({ ...job })).toThrow(/defined twice/);
  });

  it('retries a failing job with growing delays until it succeeds', async () => {
    const jobs = queue();
    const attempts: number[] = [];
    const job = defineJob(async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt < 3) throw new Error(`flaky ${attempt}`);
    });
    jobs.define(job);
    const id = await jobs.enqueue(job, { n: 1 });

    expect(await jobs.drain()).toBe(1);
    expect(await row(id)).toMatchObject({
      attempts: 1,
      last_error: 'flaky 1',
      run_at: t.clock.now() + 5000,
      done_at: null,
      failed_at: null,
    });
    t.clock.advance(4999);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    expect(await row(id)).toMatchObject({
      attempts: 2,
      last_error: 'flaky 2',
      run_at: t.clock.now() + 10_000,
    });
    t.clock.advance(9999);
    expect(await jobs.drain()).toBe(0);
    t.clock.advance(1);
    expect(await jobs.drain()).toBe(1);
    expect(attempts).toEqual([1, 2, 3]);
    expect((await row(id)).done_at).toBe(t.clock.now());
  });

  it('fails a job for good after its last attempt and never runs it again', async () => {
    const jobs = queue();
    const handler = vi.fn<Handler>(async () => {
      throw new Error('mail server says no');
    });
    const job = defineJob(handler, 3);
    jobs.define(job);
    const id = await jobs.enqueue(job, { n: 1 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await jobs.drain()).toBe(1);
      t.clock.advance(retryDelayMs(attempt));
    }
    const failed = await row(id);
    expect(failed).toMatchObject({
      attempts: 3,
      max_attempts: 3,
      last_error: 'mail server says no',
      done_at: null,
    });
    expect(failed.failed_at).not.toBeNull();
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await jobs.drain()).toBe(0);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('fails a job whose name this runner does not know, instead of looping on it', async () => {
    const writer = queue();
    const job = defineJob(async () => {});
    writer.define(job);
    const id = await writer.enqueue(job, { n: 1 });
    const stranger = queue();
    expect(await stranger.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ last_error: `No handler for job ${job.name}`, done_at: null });
    expect((await row(id)).failed_at).not.toBeNull();
  });

  it('takes a job again when the lease of a runner that stopped answering ran out', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    const name = `test.job-${(sequence += 1)}`;
    const first = queue();
    const second = queue(other.db);
    first.define({
      name,
      lane: 'housekeeping' as const,
      payload: Payload,
      handler: async () => {
        calls.push('first');
        await stuck;
      },
    });
    second.define({
      name,
      lane: 'housekeeping',
      payload: Payload,
      handler: async () => void calls.push('second'),
    });
    const id = await first.enqueue(
      { name, lane: 'housekeeping', payload: Payload, handler: async () => {} },
      { n: 1 },
    );

    const firstRun = first.drain();
    await vi.waitFor(() => expect(calls).toEqual(['first']));
    expect(await row(id)).toMatchObject({ attempts: 1, locked_until: t.clock.now() + LEASE_MS });

    // While the lease holds, nobody else runs it.
    t.clock.advance(LEASE_MS - 1);
    expect(await second.drain()).toBe(0);
    t.clock.advance(2);
    expect(await second.drain()).toBe(1);
    expect(calls).toEqual(['first', 'second']);
    expect(await row(id)).toMatchObject({ attempts: 2, locked_until: null });
    expect((await row(id)).done_at).not.toBeNull();

    release();
    await firstRun;
  });

  it('renews the lease while a job runs longer than it, so no other runner takes the job', async () => {
    const leaseMs = 90; // renewed every 30 ms of real time
    const name = `test.job-${(sequence += 1)}`;
    const calls: string[] = [];
    let release!: () => void;
    const working = new Promise<void>((resolve) => (release = resolve));
    const first = new JobQueue(t.context.database.db, t.clock, log, { leaseMs });
    const second = new JobQueue(other.db, t.clock, log, { leaseMs });
    first.define({
      name,
      lane: 'housekeeping' as const,
      payload: Payload,
      handler: async () => {
        calls.push('first');
        await working;
      },
    });
    second.define({
      name,
      lane: 'housekeeping',
      payload: Payload,
      handler: async () => void calls.push('second'),
    });
    const id = await first.enqueue(
      { name, lane: 'housekeeping', payload: Payload, handler: async () => {} },
      { n: 1 },
    );

    const firstRun = first.drain();
    await vi.waitFor(() => expect(calls).toEqual(['first']));
    // Ten times the lease passes on the clock; each time a renewal has happened since.
    for (let step = 0; step < 20; step += 1) {
      t.clock.advance(leaseMs / 2);
      await new Promise((resolve) => setTimeout(resolve, 70));
      expect(await second.drain()).toBe(0);
    }
    release();
    await firstRun;
    expect(calls).toEqual(['first']);
    expect(await row(id)).toMatchObject({ attempts: 1, locked_until: null });
    expect((await row(id)).done_at).not.toBeNull();
  });

  it('two runners on the same database never run one job twice', async () => {
    const name = `test.job-${(sequence += 1)}`;
    const runs: { runner: string; n: number }[] = [];
    const make = (runner: string, db = t.context.database.db) => {
      const jobs = queue(db);
      jobs.define({
        name,
        lane: 'housekeeping' as const,
        payload: Payload,
        handler: async ({ n }) => {
          runs.push({ runner, n });
          // Yield, so the other runner gets to claim while this one works.
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      });
      return jobs;
    };
    const a = make('a');
    const b = make('b', other.db);
    for (let n = 0; n < 30; n += 1)
      await a.enqueue({ name, lane: 'housekeeping', payload: Payload, handler: async () => {} }, { n });

    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(30);
    // Both took part: the test raced them for real.
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect((await rows()).every((job) => job.attempts === 1 && job.done_at !== null)).toBe(true);
  });

  it('a job enqueued in a transaction exists only when the transaction commits', async () => {
    const jobs = queue();
    const job = defineJob(async () => {});
    jobs.define(job);
    await expect(
      t.context.database.db.transaction().execute(async (trx) => {
        await jobs.enqueue(job, { n: 1 }, { executor: trx });
        throw new Error('the write that caused the job failed');
      }),
    ).rejects.toThrow(/failed/);
    expect(await rows()).toEqual([]);
    await t.context.database.db
      .transaction()
      .execute((trx) => jobs.enqueue(job, { n: 2 }, { executor: trx }));
    expect((await rows()).map((stored) => JSON.parse(stored.payload))).toEqual([{ n: 2 }]);
  });

  it('runs jobs in the background once started, until stopped', async () => {
    const jobs = queue();
    const seen: number[] = [];
    const job = defineJob(async ({ n }) => void seen.push(n));
    jobs.define(job);
    jobs.start();
    try {
      await jobs.enqueue(job, { n: 42 });
      await vi.waitFor(() => expect(seen).toEqual([42]), { timeout: 5000 });
    } finally {
      await jobs.stop();
    }
    await jobs.enqueue(job, { n: 43 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([42]);
  });

  describe('lanes', () => {
    /** A job of the given lane that records its start and then waits until the test lets it go. */
    const blockingJob = (lane: JobLane, started: number[], gate: Promise<void>) => ({
      name: `test.${lane}-${(sequence += 1)}`,
      lane,
      payload: Payload,
      handler: async ({ n }: { n: number }) => {
        started.push(n);
        await gate;
      },
    });

    it('runs a mail at once while the renditions lane is busy with a long queue', async () => {
      const jobs = new JobQueue(t.context.database.db, t.clock, log, { concurrency: { renditions: 2 } });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const rendered: number[] = [];
      const renditions = blockingJob('renditions', rendered, gate);
      jobs.define(renditions);
      const sent: number[] = [];
      const mail = { ...defineJob(async ({ n }) => void sent.push(n)), lane: 'mail' as const };
      jobs.define(mail);
      for (let n = 0; n < 500; n += 1) await jobs.enqueue(renditions, { n });
      jobs.start();
      try {
        await vi.waitFor(() => expect(rendered).toHaveLength(2));
        await jobs.enqueue(mail, { n: 1 });
        await vi.waitFor(() => expect(sent).toEqual([1]), { timeout: 2000 });
        // The renditions lane kept to its two workers and is still busy with its first two jobs.
        expect(rendered).toEqual([0, 1]);
      } finally {
        release();
        await jobs.stop();
      }
    });

    it('runs as many jobs of a lane at once as its concurrency, never more', async () => {
      const jobs = new JobQueue(t.context.database.db, t.clock, log, { concurrency: { renditions: 3 } });
      let running = 0;
      let most = 0;
      const job = {
        name: `test.renditions-${(sequence += 1)}`,
        lane: 'renditions' as const,
        payload: Payload,
        handler: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        },
      };
      jobs.define(job);
      for (let n = 0; n < 30; n += 1) await jobs.enqueue(job, { n });
      expect(await jobs.drain()).toBe(30);
      expect(most).toBe(3);
      expect((await rows()).every((row) => row.lane === 'renditions' && row.done_at !== null)).toBe(true);
    });

    it('takes a job queued in a transaction at once when woken after the commit, not at its next poll', async () => {
      const jobs = queue();
      const done: number[] = [];
      const job = { ...defineJob(async ({ n }) => void done.push(n)), lane: 'renditions' as const };
      jobs.define(job);
      jobs.start();
      try {
        // The lane looked for work at its start and now sleeps until its next poll.
        await new Promise((resolve) => setTimeout(resolve, LANE_POLL_MS / 10));
        await t.context.database.db.transaction().execute(async (trx) => {
          await jobs.enqueue(job, { n: 3 }, { executor: trx });
        });
        const woken = performance.now();
        jobs.wakeLane('renditions');
        await vi.waitFor(() => expect(done).toEqual([3]), { timeout: LANE_POLL_MS * 3, interval: 5 });
        // Without the wake-up the poll would come about 0.9 poll intervals after it.
        expect(performance.now() - woken).toBeLessThan(LANE_POLL_MS * 0.6);
      } finally {
        await jobs.stop();
      }
    });

    it('a job queued in a transaction is found by its lane after the commit, without a wake-up call', async () => {
      const jobs = queue();
      const sent: number[] = [];
      const mail = { ...defineJob(async ({ n }) => void sent.push(n)), lane: 'mail' as const };
      jobs.define(mail);
      jobs.start();
      try {
        await t.context.database.db.transaction().execute(async (trx) => {
          await jobs.enqueue(mail, { n: 7 }, { executor: trx });
        });
        await vi.waitFor(() => expect(sent).toEqual([7]), { timeout: LANE_POLL_MS * 3 });
      } finally {
        await jobs.stop();
      }
    });
  });
});
