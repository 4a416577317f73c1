import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { retryDelayMs } from '../../platform/jobs/job-queue.js';
import { addressesOf } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { nextIp, signupForm } from '../../test/users.js';

/** A local port with nothing listening: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const mailJobs = (t: TestApp) =>
  t.context.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('name', '=', 'mail.send')
    .orderBy('id')
    .execute();

describeEachDatabase('mail delivery never blocks or breaks a request', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t.close());

  it('answers 200 while the mail server is down; the job keeps the error and is retried, not lost', async () => {
    const contact = await call(t.app, 'POST', '/api/user/contact', {
      body: { name: 'Jana Gast', email: 'jana@partner.example', message: 'Server down?' },
      ip: nextIp(),
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const signup = await call(t.app, 'PUT', '/api/user/', { body: signupForm(), ip: nextIp() });
    expect(signup.statusCode, signup.body).toBe(200);

    const queued = await mailJobs(t);
    expect(queued).toHaveLength(2);
    expect(queued.every((job) => job.attempts === 0 && job.done_at === null)).toBe(true);

    expect(await t.runJobs()).toBe(2);
    const failedOnce = await mailJobs(t);
    for (const job of failedOnce) {
      expect(job).toMatchObject({ attempts: 1, done_at: null, failed_at: null, locked_until: null });
      expect(job.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(job.run_at).toBe(t.clock.now() + retryDelayMs(1));
    }

    // Not due yet: nothing runs; once due, each job is tried again.
    expect(await t.runJobs()).toBe(0);
    t.clock.advance(retryDelayMs(1));
    expect(await t.runJobs()).toBe(2);
    const failedTwice = await mailJobs(t);
    expect(failedTwice.map((job) => job.attempts)).toEqual([2, 2]);
    expect(failedTwice.every((job) => job.failed_at === null)).toBe(true);
  });
});

describeEachDatabase('mail over SMTP', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the contact mail to a real SMTP server, once', async () => {
    const response = await call(t.app, 'POST', '/api/user/contact', {
      body: { name: 'Jana Gast', email: 'jana@partner.example', message: `SMTP ${dialect}` },
      ip: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(await t.runJobs()).toBe(1);
    expect(await t.runJobs()).toBe(0);
    const mine = smtp.received.filter((item) => item.mail.text?.includes(`SMTP ${dialect}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.envelopeTo).toEqual(['support@nordstern-kaffee.example']);
    expect(addressesOf(mine[0]!.mail.replyTo)).toEqual(['jana@partner.example']);
    const [job] = await mailJobs(t);
    expect(job).toMatchObject({ attempts: 1, last_error: null, failed_at: null });
    expect(job!.done_at).toBe(t.clock.now());
  });
});
