import { ErrorCodes, type AdminJobAnswer, type AdminJobsAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { expectError, signInAs } from '../../../test/users.js';
import { auditOf } from '../testing/admin-helpers.js';

describeEachDatabase('admin: background jobs', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  /** The test job fails while this is true. */
  let broken = true;
  const flaky = {
    name: 'test.flaky-export',
    lane: 'housekeeping' as const,
    payload: z.object({ n: z.number() }),
    maxAttempts: 2,
    handler: async () => {
      if (broken) throw new Error('export server unreachable');
    },
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
    t.context.jobs.define(flaky);
  });
  afterAll(() => t.close());

  const list = async (state: 'failed' | 'waiting') => {
    const response = await call(t.app, 'GET', `/api/admin/jobs?state=${state}`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminJobsAnswer>();
  };

  it('shows a job that used all its attempts with its last error, and runs it again on request', async () => {
    const id = await t.context.jobs.enqueue(flaky, { n: 1 });
    await t.context.jobs.drain();
    t.clock.advance(60_000);
    await t.context.jobs.drain();

    const failed = await list('failed');
    expect(failed.jobs).toEqual([
      expect.objectContaining({
        id,
        name: 'test.flaky-export',
        attempts: 2,
        maxAttempts: 2,
        lastError: 'export server unreachable',
        failedAt: new Date(t.clock.now()).toISOString(),
        recurring: false,
        running: false,
      }),
    ]);
    expect(failed.total).toBe(1);

    broken = false;
    const retried = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin.token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<AdminJobAnswer>()).toMatchObject({
      job: { attempts: 0, failedAt: null, running: false },
      outcome: 'retried',
    });
    expect((await list('failed')).total).toBe(0);
    expect((await list('waiting')).jobs.map((job) => job.id)).toContain(id);

    expect(await t.context.jobs.drain()).toBeGreaterThanOrEqual(1);
    const row = await t.context.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ attempts: 1, failed_at: null });
    expect(row?.done_at).not.toBeNull();

    const [entry] = await auditOf(t, admin.token, { type: 'job', id });
    expect(entry).toMatchObject({
      action: 'job.retry',
      before: { name: 'test.flaky-export', lastError: 'export server unreachable' },
      after: { failedAt: null },
    });
  });

  it('retries in one transaction with its audit row: when the row cannot be written, the job stays failed', async () => {
    broken = true;
    const id = await t.context.jobs.enqueue(flaky, { n: 3 });
    await t.context.jobs.drain();
    t.clock.advance(60_000);
    await t.context.jobs.drain();
    broken = false;
    expect((await list('failed')).jobs.map((job) => job.id)).toContain(id);

    // audit_log.actor_email is NOT NULL: this actor's row fails, and the retry with it.
    const nobody = { id: null, email: null as unknown as string };
    await expect(t.context.jobsAdmin.retry(nobody, id)).rejects.toThrow();
    expect((await list('failed')).jobs.map((job) => job.id)).toContain(id);
    expect(await auditOf(t, admin.token, { type: 'job', id })).toEqual([]);

    expect(await t.context.jobsAdmin.retry({ id: admin.row.id, email: admin.email }, id)).toMatchObject({
      outcome: 'retried',
    });
    expect((await list('failed')).jobs.map((job) => job.id)).not.toContain(id);
  });

  it('lists the recurring schedules as waiting', async () => {
    await t.context.jobs.ensureRecurring();
    const waiting = await list('waiting');
    expect(waiting.jobs.filter((job) => job.recurring).map((job) => job.name)).toEqual(
      expect.arrayContaining(['bundles.cleanup', 'tracking.eraseIps']),
    );
  });

  it('refuses to retry a job that did not fail, an unknown one, and bad input', async () => {
    const id = await t.context.jobs.enqueue(flaky, { n: 2 }, { delayMs: 3_600_000 });
    expectError(
      await call(t.app, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin.token }),
      409,
      ErrorCodes.jobNotFailed,
    );
    expectError(
      await call(t.app, 'POST', '/api/admin/jobs/99999999/retry', { token: admin.token }),
      404,
      ErrorCodes.jobNotFound,
    );
    expect((await call(t.app, 'GET', '/api/admin/jobs?state=dead', { token: admin.token })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, 'POST', '/api/admin/jobs/abc/retry', { token: admin.token })).statusCode).toBe(
      400,
    );
  });

  it('marks the waiting jobs a runner holds right now as running, until their lease runs out', async () => {
    let started!: () => void;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = {
      name: 'test.slow-export',
      lane: 'housekeeping' as const,
      payload: z.object({}),
      handler: async () => {
        started();
        await held;
      },
    };
    t.context.jobs.define(slow);
    const busy = await t.context.jobs.enqueue(slow, {});
    const later = await t.context.jobs.enqueue(flaky, { n: 3 }, { delayMs: 3_600_000 });
    const runningOf = async () =>
      new Map((await list('waiting')).jobs.map((job) => [job.id, job.running] as const));

    const draining = t.context.jobs.drain();
    try {
      await running;
      const now = await runningOf();
      expect(now.get(busy)).toBe(true);
      expect(now.get(later)).toBe(false);

      // A runner that stopped answering holds nothing once its lease ran out: the job waits again.
      t.clock.advance(t.config.jobLeaseMs + 1);
      expect((await runningOf()).get(busy)).toBe(false);
    } finally {
      release();
      await draining;
    }
    expect((await runningOf()).has(busy)).toBe(false);
  });

  it('closes a failed run of a schedule that has a new run queued instead of running it twice', async () => {
    const name = 'test.nightly-report';
    t.context.jobs.defineRecurring(
      {
        name,
        lane: 'housekeeping' as const,
        payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
        maxAttempts: 1,
        handler: async () => {
          throw new Error('report server down');
        },
      },
      60_000,
    );
    await t.context.jobs.ensureRecurring();
    await t.context.jobs.drain();
    const [failed] = (await list('failed')).jobs.filter((job) => job.name === name);
    expect(failed).toMatchObject({ recurring: true, running: false, lastError: 'report server down' });
    // The next start queues the schedule again, beside its failed run.
    await t.context.jobs.ensureRecurring();
    const [next] = (await list('waiting')).jobs.filter((job) => job.name === name);
    expect(next?.id).not.toBe(failed!.id);

    const dismissed = await call(t.app, 'POST', `/api/admin/jobs/${failed!.id}/retry`, {
      token: admin.token,
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<AdminJobAnswer>()).toMatchObject({
      job: { id: failed!.id, failedAt: expect.any(String) },
      outcome: 'dismissed',
    });
    // Nothing else runs: the failed run leaves the list, the schedule's new run still waits.
    expect((await list('failed')).jobs.map((job) => job.id)).not.toContain(failed!.id);
    expect((await list('waiting')).jobs.filter((job) => job.name === name).map((job) => job.id)).toEqual([
      next!.id,
    ]);
    const [entry] = await auditOf(t, admin.token, { type: 'job', id: failed!.id });
    expect(entry).toMatchObject({
      action: 'job.dismiss',
      before: { name, lastError: 'report server down' },
      after: { doneAt: new Date(t.clock.now()).toISOString() },
    });
    // Asked again, it is simply no failed job any more.
    expectError(
      await call(t.app, 'POST', `/api/admin/jobs/${failed!.id}/retry`, { token: admin.token }),
      409,
      ErrorCodes.jobNotFailed,
    );
  });

  it("counts each lane's queue: waiting, running, and the workers per instance", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const preview = {
      name: 'test.preview',
      lane: 'renditions' as const,
      payload: z.object({ n: z.number() }),
      handler: async () => {
        started();
        await held;
      },
    };
    t.context.jobs.define(preview);
    const before = (await list('waiting')).lanes;
    for (let n = 0; n < 3; n += 1) await t.context.jobs.enqueue(preview, { n });
    const draining = t.context.jobs.drain();
    try {
      await running;
      const was = before.find((lane) => lane.lane === 'renditions')!;
      const workers = t.context.jobs.concurrencyOf('renditions');
      // The lane claims its jobs one after another: wait until all it may run have started.
      const lanes = await vi.waitFor(async () => {
        const now = (await list('waiting')).lanes;
        expect(now.find((lane) => lane.lane === 'renditions')!.running).toBe(
          was.running + Math.min(3, workers),
        );
        return now;
      });
      expect(lanes.map((lane) => lane.lane)).toEqual([
        'mail',
        'search',
        'renditions',
        'housekeeping',
        'bulk-mail',
      ]);
      const renditions = lanes.find((lane) => lane.lane === 'renditions')!;
      expect(renditions.workersPerInstance).toBe(workers);
      expect(renditions.waiting + renditions.running).toBe(was.waiting + was.running + 3);
      expect(lanes.find((lane) => lane.lane === 'mail')!.workersPerInstance).toBe(4);
    } finally {
      release();
      await draining;
    }
  });
});
