import fs from 'node:fs/promises';
import path from 'node:path';
import type { CartAnswer, LoginAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from './modules/catalogue/testing/catalogue-seed.js';
import { startS3Server, type S3TestServer } from './test/s3-server.js';
import { startServerProcess, type ServerProcess } from './test/server-process.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from './test/test-app.js';
import { createAccount } from './test/users.js';

/**
 * Issue 7: two server processes on different ports over one PostgreSQL database and one object
 * store behave as one portal. Nothing a request needs may live in only one of them.
 */
describe.runIf(TEST_DIALECTS.includes('postgres'))('two instances over PostgreSQL and S3', () => {
  let s3: S3TestServer;
  /** In-process app on the same database and bucket: seeds data and reads rows. */
  let t: TestApp;
  let a: ServerProcess;
  let b: ServerProcess;
  let asset: SeededAsset;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('postgres', { STORAGE_URL: s3.storageUrl, ...s3.env });
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    asset = await seedAsset(t, imageAsset(10, 1, 'Mokka Klassik 500 g'));
    await t.context.search.rebuild();
    const env = {
      DATABASE_URL: t.config.databaseUrl,
      STORAGE_URL: s3.storageUrl,
      PUBLIC_URL: 'http://portal.test',
      ...s3.env,
    };
    // Started at the same moment on a database without a super user: both create "the first" one.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    await s3?.close();
  });

  const api = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const logIn = async (server: ServerProcess, username: string, password: string) =>
    api(server, 'POST', '/api/user/login', undefined, { username, password });

  it('created exactly one first super user although both started on an empty database', async () => {
    const supers = await t.context.database.db
      .selectFrom('users')
      .select('email')
      .where('is_super_user', '=', 1)
      .execute();
    expect(supers, a.output() + b.output()).toHaveLength(1);
  });

  it('accepts a token from one instance on the other, and a logout on one ends it on both', async () => {
    const { email, password } = await createAccount(t, 'registered');
    const login = await logIn(a, email, password);
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as LoginAnswer;
    expect((await api(b, 'GET', '/api/user/', token)).status).toBe(200);
    expect((await api(b, 'POST', '/api/user/logout', token)).status).toBeLessThan(300);
    expect((await api(a, 'GET', '/api/user/', token)).status).toBe(401);
  });

  it('shows a cart changed on one instance on the other, and streams a bundle made on one from the other', async () => {
    const { email, password } = await createAccount(t, 'registered');
    const { token } = (await (await logIn(b, email, password)).json()) as LoginAnswer;
    expect((await api(a, 'PUT', '/api/cart/', token, { assetId: asset.id })).status).toBe(200);
    const cart = (await (await api(b, 'GET', '/api/cart/', token)).json()) as CartAnswer;
    expect(cart.cartItems.map((item) => item.id)).toEqual([asset.id]);

    const made = await api(a, 'GET', '/api/cart/download', token);
    expect(made.status).toBe(200);
    const { filename } = (await made.json()) as { filename: string };
    const zip = await fetch(`${b.url}/api/download/${filename}`);
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    // A zip whose one entry is the seeded file, read from the bucket by the other instance.
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.includes(Buffer.from('jpeg:Mokka Klassik 500 g'))).toBe(true);
  });

  it('counts failed logins on both instances against one limit', async () => {
    const { email, password } = await createAccount(t, 'registered');
    for (const server of [a, b, a, b, a]) {
      expect((await logIn(server, email, 'wrong-password')).status).toBe(401);
    }
    // Five failures from this address, spread over both: the sixth try waits, on either instance.
    expect((await logIn(b, email, password)).status).toBe(429);
    expect((await logIn(a, email, password)).status).toBe(429);
  });

  it('runs each job once, whichever instance takes it', async () => {
    const count = 12;
    for (let i = 0; i < count; i += 1) {
      await t.context.mail.queue({
        to: [`partner-${i}@example.com`],
        subject: `Scale-out ${i}`,
        text: `Mail ${i}`,
        html: `<p>Mail ${i}</p>`,
      });
    }
    /** The outbox files of this test's mails, across both instances' data directories. */
    const sent = async () => {
      const files = await Promise.all(
        [a, b].map(async (server) => {
          const dir = path.join(server.dataDir, 'outbox');
          const names = await fs.readdir(dir).catch(() => [] as string[]);
          return Promise.all(names.map((name) => fs.readFile(path.join(dir, name), 'utf8')));
        }),
      );
      return files.flat().filter((text) => text.includes('Subject: Scale-out'));
    };
    const jobs = () =>
      t.context.database.db
        .selectFrom('jobs')
        .select(['attempts', 'done_at'])
        .where('name', '=', 'mail.send')
        .where('payload', 'like', '%Scale-out %')
        .execute();
    // Done means the file is written and the job marked done (in that order).
    const deadline = Date.now() + 30_000;
    while ((await jobs()).filter((job) => job.done_at !== null).length < count) {
      if (Date.now() > deadline) throw new Error(`mails not sent in time:\n${a.output()}${b.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await jobs()).map((job) => job.attempts)).toEqual(Array(count).fill(1));
    expect(await sent()).toHaveLength(count);
    // Give a second runner the time to send one again if it could: it must not.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sent()).toHaveLength(count);
  });

  it('queued each recurring schedule once although both instances ensured it', async () => {
    const schedules = await t.context.database.db
      .selectFrom('jobs')
      .select('name')
      .where('schedule_key', 'is not', null)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute();
    const names = schedules.map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });
});
