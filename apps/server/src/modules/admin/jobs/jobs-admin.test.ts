import { ErrorCodes, type AdminJobAnswer, type AdminJobsAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
      }),
    ]);
    expect(failed.total).toBe(1);

    broken = false;
    const retried = await call(t.app, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin.token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<AdminJobAnswer>().job).toMatchObject({ attempts: 0, failedAt: null });
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
});
