import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { createAccount } from '../../test/users.js';

const DIGESTS = 2000;

/**
 * Takedown digests are queued by the thousand; the mail lane sends first in, first out. They go
 * through the bulk-mail lane, so a password reset queued after them is not held up (job-lanes.ts).
 */
describeEachDatabase('takedown digests and other mail', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const doneCount = async (name: string) =>
    Number(
      (
        await t.context.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('name', '=', name)
          .where('done_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe(`a password reset queued after ${DIGESTS} digests`, () => {
    it('goes out before the digests are all sent', async () => {
      await t.context.database.db.transaction().execute(async (trx) => {
        for (let index = 0; index < DIGESTS; index += 1) {
          await t.context.mail.queue(
            { to: [`digest-${index}@partner.example`], subject: 'Digest', text: 'text', html: '<p>text</p>' },
            { executor: trx, bulk: true },
          );
        }
      });
      const { email } = await createAccount(t, 'registered');
      const forgot = await call(t.app, 'POST', '/api/user/forgot_password/', { body: { username: email } });
      expect(forgot.statusCode, forgot.body).toBe(200);

      const started = Date.now();
      t.context.jobs.start();
      await vi.waitFor(async () => expect(await doneCount('mail.send')).toBe(1), {
        timeout: 10_000,
        interval: 20,
      });
      const waited = Date.now() - started;
      const digestsSent = await doneCount('mail.bulk');
      await t.context.jobs.stop();

      expect(digestsSent).toBeLessThan(DIGESTS);
      // The mail lane's runner finds it at once or at its next poll (LANE_POLL_MS).
      expect(waited).toBeLessThan(5000);
    }, 60_000);
  });
});
