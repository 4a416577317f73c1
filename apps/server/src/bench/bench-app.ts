import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DialectName } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import type { TestApp } from '../test/test-app.js';

/**
 * The app as the API tests build it (test/test-app.ts createTestApp: fresh database, temp data dir,
 * silent log, manual clock), for benchmarks. createTestApp itself imports vitest, which refuses to
 * load outside the test runner, so this is its twin without the test-only parts (mails).
 * The test seed helpers (catalogue-seed.ts) take it through seedTarget().
 */

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on PG_ADMIN_URL's server; drop() removes it (with force). */
export async function createPgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** PostgreSQL's version string ("PostgreSQL 15.x"), for the machine line. */
export async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return `PostgreSQL ${result.rows[0]?.v.split(' ')[0] ?? '?'}`;
  } finally {
    await client.end();
  }
}

export interface BenchAppOptions {
  /** Extra environment for loadConfig (WEB_DIST, …). */
  env?: Record<string, string>;
  /** 'production' (default) or 'test'. */
  nodeEnv?: string;
}

export type BenchApp = Pick<TestApp, 'app' | 'context' | 'clock' | 'config' | 'dataDir' | 'close'>;

/**
 * The bench app as the test seed helpers' parameter: they read only `context` and `clock`, and
 * TestApp's test-only members (mails, the S3 test server) have no place in a benchmark.
 */
export const seedTarget = (bench: BenchApp): TestApp => bench as TestApp;

/** A real app on a fresh database and temp data dir; close() removes both. */
export async function createBenchApp(dialect: DialectName, options: BenchAppOptions = {}): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-bench-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'bench.sqlite')}`;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const created = await createPgDatabase('mediabox_bench');
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: options.nodeEnv ?? 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
    SUPPORT_EMAIL: 'support@nordstern-kaffee.example',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  const context = createContext({ config, database, log: pino({ level: 'silent' }), clock });
  const app = await buildApp(context);
  await app.ready();
  return {
    app,
    context,
    clock,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await context.jobs.stop();
      await database.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A confirmed and approved partner account, signed in through the API: its stored user (with token). */
export async function signedInUser(
  t: Pick<BenchApp, 'app' | 'context'>,
  email = 'bench@partner.example',
): Promise<Record<string, unknown> & { token: string }> {
  const password = 'Bench-password-1';
  const user = await t.context.accounts.createUser({
    email,
    password,
    firstname: 'Bench',
    lastname: 'User',
    company: 'Bench GmbH',
  });
  await t.context.database.db
    .updateTable('users')
    .set({ approved_at: Date.now(), email_confirmed_at: Date.now() })
    .where('id', '=', user.id)
    .execute();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: email, password },
  });
  const stored = login.json() as Record<string, unknown> & { token?: string };
  if (login.statusCode !== 200 || !stored.token) throw new Error(`bench login failed: ${login.body}`);
  return stored as Record<string, unknown> & { token: string };
}
