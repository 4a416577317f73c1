import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { pino } from 'pino';
import { describe } from 'vitest';
import { buildApp } from '../app.js';
import { createContext, type AppContext } from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig, type Config } from '../platform/config.js';
import { openDatabase, type DialectName } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { DEFAULT_TEST_PG_URL } from './global-setup.js';
import { startS3Server, type S3TestServer } from './s3-server.js';

export const TEST_DIALECTS: DialectName[] =
  process.env.MEDIABOX_TEST_PG === 'off' ? ['sqlite'] : ['sqlite', 'postgres'];

/** `describe` once per database: every API test proves the behaviour on SQLite and PostgreSQL. */
export function describeEachDatabase(name: string, body: (dialect: DialectName) => void): void {
  describe.each(TEST_DIALECTS)(`${name} [%s]`, (dialect) => body(dialect));
}

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  clock: ManualClock;
  config: Config;
  dataDir: string;
  /** The in-process S3 server holding the blobs, with `storage: 's3'`. */
  s3?: S3TestServer;
  /** Runs the jobs that are due (mail, …) as the job runner would. */
  runJobs(): Promise<number>;
  /** Every mail written to the outbox so far, parsed. */
  mails(): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

let counter = 0;

export interface TestAppOptions {
  /** Where blobs go: files under the data dir (default), or a bucket on an in-process s3rver. */
  storage?: 'local' | 's3';
  /** The app's logger (default: silent), for tests of what is logged. */
  log?: FastifyBaseLogger;
}

/** A real app on a fresh database (temp SQLite file or a new PostgreSQL database) and a temp data dir. */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const s3 = options.storage === 's3' ? await startS3Server() : undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-test-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'test.sqlite')}`;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
    const name = `mediabox_test_${process.pid}_${Date.now()}_${counter++}`;
    await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://portal.test',
    INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
    SUPPORT_EMAIL: 'support@nordstern-kaffee.example',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...(s3 ? { STORAGE_URL: s3.storageUrl } : {}),
    ...env,
  });
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  const context = createContext({ config, database, log: options.log ?? pino({ level: 'silent' }), clock });
  const app = await buildApp(context);
  await app.ready();
  const outbox = path.join(dataDir, 'outbox');
  return {
    app,
    context,
    clock,
    config,
    dataDir,
    s3,
    runJobs: () => context.jobs.drain(),
    mails: async () => {
      const files = (await fs.readdir(outbox).catch(() => [] as string[]))
        .filter((file) => file.endsWith('.eml'))
        .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
      return Promise.all(files.map(async (file) => simpleParser(await fs.readFile(path.join(outbox, file)))));
    },
    close: async () => {
      await app.close();
      await context.jobs.stop();
      await database.close();
      await dropDatabase();
      await s3?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** `app.inject` with JSON and an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}
