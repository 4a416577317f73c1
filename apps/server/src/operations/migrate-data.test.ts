import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createContext, type AppContext } from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { call, createTestApp, TEST_DIALECTS, type TestApp } from '../test/test-app.js';
import { COPIED_TABLES } from './data-tables.js';
import { migrateData, type MigrateDataReport } from './migrate-data.js';
import { OperationError } from './operation-error.js';
import { formatMigrateDataReport } from './report-format.js';
import { populateInstallation, type Installation } from './testing/populated-installation.js';
import { createScratchPostgres } from './testing/scratch-postgres.js';
import { canonicalRows } from './testing/table-rows.js';

/** An app on the migrated PostgreSQL database and the copied blobs: the scale-out instance. */
async function startTarget(url: string, dataDir: string, now: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PUBLIC_URL: 'http://portal.test',
    INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.databaseUrl);
  const context = createContext({
    config,
    database,
    log: pino({ level: 'silent' }),
    clock: new ManualClock(now),
  });
  const app = await buildApp(context);
  await app.ready();
  return { app, context, database };
}

describe.skipIf(!TEST_DIALECTS.includes('postgres'))('mediabox migrate-data (SQLite -> PostgreSQL)', () => {
  let source: TestApp;
  let installation: Installation;
  let target: Awaited<ReturnType<typeof createScratchPostgres>>;
  let targetDir: string;
  let report: MigrateDataReport;
  let instance: { app: FastifyInstance; context: AppContext; database: DatabaseHandle };

  beforeAll(async () => {
    source = await createTestApp('sqlite');
    installation = await populateInstallation(source);
    target = await createScratchPostgres();
    targetDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-scale-out-'));
    // The embedded test app stays open meanwhile, as a portal someone forgot to stop would.
    report = await migrateData({
      from: source.config.databaseUrl,
      to: target.url,
      blobsTo: `file:${targetDir}`,
      blobsFrom: source.dataDir,
      // Two rows per insert: paging crosses batch boundaries in every table, and node 7's parent
      // (40) comes in a later batch than node 7 would in id order.
      batchRows: 2,
    });
    instance = await startTarget(target.url, targetDir, source.clock.now());
  });
  afterAll(async () => {
    await instance?.app.close();
    await instance?.context.jobs.stop();
    await instance?.database.close();
    await target?.drop();
    await source?.close();
    await fs.rm(targetDir, { recursive: true, force: true });
  });

  it('copies every table with identical rows (times, flags, JSON text and ids exactly)', async () => {
    expect(report.ok, formatMigrateDataReport(report)).toBe(true);
    const from = source.context.database.db as unknown as Kysely<unknown>;
    const to = instance.database.db as unknown as Kysely<unknown>;
    for (const table of COPIED_TABLES) {
      const rows = await canonicalRows(from, table);
      // An empty table would prove nothing about its copy: the installation fills every one.
      expect(rows.length, `${table} is empty in the source`).toBeGreaterThan(0);
      expect(await canonicalRows(to, table), table).toEqual(rows);
    }
    expect(report.tables.map((count) => count.table)).toEqual([...COPIED_TABLES]);
    expect(report.tables.every((count) => count.source === count.target && count.source > 0)).toBe(true);
  });

  it('keeps sign-ins: the token from before the move works on the scale-out instance', async () => {
    const cart = await call(instance.app, 'GET', '/api/cart/all', { token: installation.partner.token });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<{ assetIds: number[] }>().assetIds).toEqual([installation.searchable.assetId]);
    const consent = await call(instance.app, 'GET', '/api/user/consent', {
      token: installation.partner.token,
    });
    expect(consent.json()).toMatchObject({ tracking: true });
  });

  it('rebuilds the search index on PostgreSQL', async () => {
    expect(report.searchDocuments).toBe(2); // the withdrawn asset is not indexed
    const answer = await call(instance.app, 'POST', '/api/search/', {
      token: installation.partner.token,
      body: { query: installation.searchable.text },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(JSON.stringify(answer.json())).toContain(`"id":${installation.searchable.assetId}`);
  });

  it('copies every blob byte-identical into the target store, and signed links still open them', async () => {
    const blobs = await source.context.database.db.selectFrom('blobs').select(['sha256', 'size']).execute();
    expect(report.blobs).toMatchObject({ total: blobs.length, copied: blobs.length, alreadyThere: 0 });
    for (const { sha256 } of blobs) {
      const original = await fs.readFile((await source.context.blobs.localPath(sha256))!);
      const copy = await fs.readFile(
        path.join(targetDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256),
      );
      expect(copy.equals(original), sha256).toBe(true);
    }
    // The signing secret moved with the settings: a file ticket made on the target serves the copied bytes.
    const asset = await call(instance.app, 'GET', `/api/asset/${installation.searchable.assetId}`, {
      token: installation.partner.token,
    });
    const ticket = asset.json<{ data: { originalTicket: string } }>().data.originalTicket;
    const file = await call(instance.app, 'GET', ticket);
    expect(file.statusCode).toBe(200);
  });

  it('moves the sequences past the copied ids, so new rows get new ids', async () => {
    const maxUserId = Math.max(
      ...(await source.context.database.db.selectFrom('users').select('id').execute()).map((u) => u.id),
    );
    expect(report.sequences).toContainEqual({ table: 'users', column: 'id', next: maxUserId + 1 });
    const created = await instance.context.accounts.createUser({
      email: 'neu@partner.example',
      password: 'Neu-password-1',
    });
    expect(created.id).toBe(maxUserId + 1);
  });

  it('refuses a target that holds data, and changes nothing there', async () => {
    const before = await canonicalRows(instance.database.db as unknown as Kysely<unknown>, 'users');
    const again = migrateData({ from: source.config.databaseUrl, to: target.url });
    await expect(again).rejects.toThrow(OperationError);
    await expect(again).rejects.toThrow(/not empty \(users, sessions/);
    expect(await canonicalRows(instance.database.db as unknown as Kysely<unknown>, 'users')).toEqual(before);
  });

  it('refuses a source that does not exist instead of creating one', async () => {
    const missing = path.join(targetDir, 'nothing-here.sqlite');
    await expect(migrateData({ from: `sqlite:${missing}`, to: target.url })).rejects.toThrow(
      /No SQLite database/,
    );
    await expect(fs.stat(missing)).rejects.toThrow();
  });
});
