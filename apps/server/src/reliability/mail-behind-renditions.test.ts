import fs from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_UPLOAD_FIELD, CATALOGUE_UPLOAD_MAX_FILES } from '@mediabox/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import { RENDITIONS_JOB } from '../modules/media/media.service.js';
import { multipartBody } from '../test/multipart.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { call, createTestApp, TEST_DIALECTS, type TestApp } from '../test/test-app.js';
import { addressesOf } from '../test/mails.js';
import { createAccount, signInAs } from '../test/users.js';

/**
 * Issue 16: background work runs in lanes, so a password-reset mail reaches the outbox within five
 * seconds while 2,000 rendition jobs, queued by dropping pictures into a category in /admin, wait
 * for the machine's cores.
 */
const PICTURES = 2000;
const MAIL_WITHIN_MS = 5000;
const CATEGORY = 10;

/**
 * One packshot-sized JPEG (2400 × 1800) in PICTURES byte-distinct copies: each gets its own comment
 * segment right after the start-of-image marker, so each is its own blob with its own rendition job,
 * while only one picture has to be encoded.
 */
async function distinctPictures(): Promise<(n: number) => Buffer> {
  const { width, height } = { width: 2400, height: 1800 };
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#6b4226"/><stop offset="1" stop-color="#f3ebd8"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="1200" cy="900" r="600" fill="#c8391b"/>
    </svg>`,
  );
  const base = await sharp(gradient).jpeg({ quality: 85 }).toBuffer();
  return (n: number) => {
    const text = Buffer.from(`mediabox lane test picture ${n}`, 'latin1');
    const comment = Buffer.alloc(4);
    comment.writeUInt16BE(0xfffe, 0);
    comment.writeUInt16BE(text.length + 2, 2);
    return Buffer.concat([base.subarray(0, 2), comment, text, base.subarray(2)]);
  };
}

/** Drops the pictures into the category through the admin upload, as many per request as it takes. */
async function uploadPictures(t: TestApp, token: string): Promise<void> {
  const picture = await distinctPictures();
  for (let first = 0; first < PICTURES; first += CATALOGUE_UPLOAD_MAX_FILES) {
    const files = Array.from({ length: Math.min(CATALOGUE_UPLOAD_MAX_FILES, PICTURES - first) }, (_, i) => ({
      field: CATALOGUE_UPLOAD_FIELD,
      filename: `packshot-${first + i}.jpg`,
      content: picture(first + i),
    }));
    const { body, contentType } = multipartBody({}, files);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/nodes/${CATEGORY}/assets`,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

const waitingRenditions = async (t: TestApp): Promise<number> =>
  Number(
    (
      await t.context.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('name', '=', RENDITIONS_JOB)
        .where('done_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Milliseconds until a file appears in one of the outboxes; fails after `limitMs`. */
async function firstMailIn(outboxes: string[], limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    for (const outbox of outboxes) {
      const files = await fs.readdir(outbox).catch(() => [] as string[]);
      if (files.some((file) => file.endsWith('.eml'))) return Date.now() - started;
    }
    if (Date.now() - started > limitMs) throw new Error(`no mail in the outbox after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function seedCategory(t: TestApp): Promise<void> {
  await seedNodes(t, [
    { id: 1, de: 'Deutschland' },
    { id: CATEGORY, parentId: 1, rootId: 1, de: 'Packshots' },
  ]);
}

describe.each(TEST_DIALECTS)('a mail behind 2,000 rendition jobs [%s]', (dialect) => {
  /** On PostgreSQL the blobs go to an object store, so that other instances can render them too. */
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    if (dialect === 'postgres') s3 = await startS3Server();
    t = await createTestApp(dialect, s3 ? { STORAGE_URL: s3.storageUrl, ...s3.env } : {});
    await seedCategory(t);
    const admin = await signInAs(t, 'super');
    await uploadPictures(t, admin.token);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await t?.close();
    await s3?.close();
  });

  it('reaches the outbox within five seconds while the renditions lane works through the queue', async () => {
    expect(await waitingRenditions(t)).toBe(PICTURES);
    const { email } = await createAccount(t, 'registered');
    t.context.jobs.start();
    try {
      const asked = await call(t.app, 'POST', '/api/user/forgot_password/', { body: { username: email } });
      expect(asked.statusCode, asked.body).toBeLessThan(300);
      const tookMs = await firstMailIn([path.join(t.dataDir, 'outbox')], MAIL_WITHIN_MS);
      expect(tookMs).toBeLessThan(MAIL_WITHIN_MS);
      // The renditions were really still queued: the mail did not simply come after them.
      expect(await waitingRenditions(t)).toBeGreaterThan(PICTURES / 2);
      const [mail] = await t.mails();
      expect(addressesOf(mail?.to)).toEqual([email]);
    } finally {
      await t.context.jobs.stop();
    }
  }, 60_000);

  // The same queue, now run by two server processes instead of the test's own runner.
  it.runIf(dialect === 'postgres')(
    'reaches an outbox within five seconds when two instances share the queue and both render',
    async () => {
      const env = {
        DATABASE_URL: t.config.databaseUrl,
        PUBLIC_URL: 'http://portal.test',
        ...(s3 ? { STORAGE_URL: s3.storageUrl, ...s3.env } : {}),
      };
      instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const [a, b] = instances as [ServerProcess, ServerProcess];
      const { email } = await createAccount(t, 'registered');
      const asked = await fetch(`${b.url}/api/user/forgot_password/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email }),
      });
      expect(asked.status, await asked.text()).toBeLessThan(300);
      const outboxes = [a, b].map((instance) => path.join(instance.dataDir, 'outbox'));
      const tookMs = await firstMailIn(outboxes, MAIL_WITHIN_MS).catch((err: Error) => {
        throw new Error(`${err.message}\n${a.output()}\n${b.output()}`);
      });
      expect(tookMs).toBeLessThan(MAIL_WITHIN_MS);
      expect(await waitingRenditions(t)).toBeGreaterThan(PICTURES / 2);
    },
    120_000,
  );
});
