/**
 * `npm run bench:insights [-- --events 1000000 --passes 15 --pg --no-write]`
 *
 * Seeds N events (downloads 30 %, searches 30 %, page views 40 %) spread over the year before
 * 2026-11-22, plus users, assets and bundles, into a temp SQLite file (or, with `--pg`, a fresh
 * PostgreSQL database on TEST_PG_URL / 127.0.0.1:5432, dropped afterwards). Then measures, for a
 * 30-day and a 365-day range, in interleaved passes after two warm-up passes:
 *   baseline – `select count(*) from download_events where at in range` (the index alone),
 *   route    – GET /api/admin/insights through app.inject as a super user (every series),
 *   csv      – GET /api/admin/insights/top-searches.csv (one series),
 * and prints p50/p95 of each with route ÷ baseline, and each repository query's median once.
 * `--pragma name=value` (repeatable) sets a SQLite pragma on the app's connection first (tuning).
 * Appends a dated section to docs/performance.md unless --no-write, and prints the suite's summary
 * rows (report.ts; issue 7 sets no target for insights).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import type {
  Database,
  DownloadEventsTable,
  PageViewsTable,
  SearchEventsTable,
} from '../platform/db/schema.js';
import { DAY_MS, InsightsRepository, type TimeRange } from '../modules/insights/insights.repository.js';
import { postgresVersion } from './bench-app.js';
import {
  appendToPerformance,
  loadAverage,
  machineDescription,
  printSummary,
  sqliteVersion,
  today,
  type SummaryRow,
} from './report.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    passes: { type: 'string', default: '15' },
    pg: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /** Tuning experiments on SQLite, e.g. `--pragma temp_store=memory --pragma cache_size=-65536`. */
    pragma: { type: 'string', multiple: true, default: [] },
  },
});
const eventCount = Number(values.events);
const passes = Number(values.passes);

const END_DAY = Date.UTC(2026, 10, 22) / DAY_MS;
const YEAR_DAYS = 365;
const ASSETS = 20_000;
const BUNDLES = 20_000;
const USERS = 5_000;
const QUERIES = 3_000;
/** Rows per multi-row insert: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const BATCH = 2_000;

/** mulberry32: the same events every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(42);
/** Skewed towards small numbers (a few popular assets and queries, a long tail), 1..n. */
const skewed = (n: number) => 1 + Math.floor(n * rand() ** 3);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const AUDIENCES = ['internal', 'external', 'external', 'guest'] as const;
const COUNTRIES = ['de', 'de', 'de', 'at', 'ch', null] as const;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (value: number) => value.toFixed(1);

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < rows.length; offset += BATCH) {
      // Kysely cannot narrow a generic table's insert type; the rows are typed by the caller.
      await trx
        .insertInto(table)
        .values(rows.slice(offset, offset + BATCH) as never)
        .execute();
    }
  });
}

async function seed(db: Kysely<Database>): Promise<void> {
  const created = (END_DAY - YEAR_DAYS) * DAY_MS;
  // The assets sit in the root Germany, which the migrations create.
  await insertAll(
    db,
    'assets',
    Array.from({ length: ASSETS }, (_, i) => ({
      id: i + 1,
      container_id: 1,
      root_id: 1,
      name_de: `Produkt ${i + 1}`,
      keywords: '',
      description: '',
      created_at: created,
      updated_at: created,
    })),
  );
  // Users registered over the year; each owns bundles and views pages.
  await insertAll(
    db,
    'users',
    Array.from({ length: USERS }, (_, i) => {
      const at = created + Math.floor(rand() * YEAR_DAYS * DAY_MS);
      return {
        email: `user${i}@bench.example`,
        password_hash: 'x',
        firstname: 'B',
        lastname: 'U',
        company: 'Bench GmbH',
        phone: '',
        contact_person: '',
        lang: 'de',
        jde: 0,
        is_super_user: 0,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  await db
    .insertInto('blobs')
    .values({ sha256: 'b'.repeat(64), size: 1, crc32: 0, mime_type: 'image/jpeg', created_at: created })
    .execute();
  await insertAll(
    db,
    'bundles',
    Array.from({ length: BUNDLES }, (_, i) => ({
      filename: `b${i}.zip`,
      owner_id: 1 + (i % USERS),
      kind: 'download' as const,
      created_at: created,
      expires_at: created,
      entry_count: 0,
      files_size: 0,
    })),
  );
  const entries = [];
  for (let bundle = 1; bundle <= BUNDLES; bundle++) {
    const size = 1 + Math.floor(rand() * 6);
    for (let position = 0; position < size; position++) {
      entries.push({
        bundle_id: bundle,
        position,
        asset_id: skewed(ASSETS),
        asset_name: 'x',
        file_id: position,
        media_type: 1,
        blob_sha256: 'b'.repeat(64),
        entry_name: `${position}.jpg`,
        size: 1,
        crc32: 0,
      });
    }
  }
  await insertAll(db, 'bundle_entries', entries);

  const queries = Array.from({ length: QUERIES }, (_, i) => `suchwort ${i}`);
  const downloads = Math.round(eventCount * 0.3);
  const searches = Math.round(eventCount * 0.3);
  const views = eventCount - downloads - searches;
  // Time-ordered, as the tables fill in production: index inserts append instead of splitting pages.
  const times = (n: number) => {
    const start = (END_DAY - YEAR_DAYS + 1) * DAY_MS;
    const step = (YEAR_DAYS * DAY_MS) / n;
    return (i: number) => Math.floor(start + i * step);
  };
  let at = times(downloads);
  let rows:
    Insertable<DownloadEventsTable>[] | Insertable<SearchEventsTable>[] | Insertable<PageViewsTable>[];
  rows = Array.from({ length: downloads }, (_, i): Insertable<DownloadEventsTable> => {
    const bundle = rand() < 0.3;
    return bundle
      ? { at: at(i), kind: 'bundle', bundle_id: skewed(BUNDLES), audience: pick(AUDIENCES) }
      : { at: at(i), kind: 'file', asset_id: skewed(ASSETS), file_id: 1, audience: pick(AUDIENCES) };
  });
  await insertAll(db, 'download_events', rows);
  at = times(searches);
  rows = Array.from({ length: searches }, (_, i): Insertable<SearchEventsTable> => {
    const query = skewed(QUERIES);
    return {
      at: at(i),
      query: queries[query - 1]!,
      // One query in ten finds nothing, the way a misspelt product name does.
      result_count: query % 10 === 0 ? 0 : Math.floor(rand() * 500),
      audience: pick(AUDIENCES),
    };
  });
  await insertAll(db, 'search_events', rows);
  at = times(views);
  rows = Array.from({ length: views }, (_, i): Insertable<PageViewsTable> => {
    const audience = pick(AUDIENCES);
    return {
      at: at(i),
      path: '/search',
      // About two thirds of signed-in users consent: only they have an id.
      user_id: audience !== 'guest' && rand() < 0.67 ? skewed(USERS) : null,
      audience,
      country: pick(COUNTRIES),
    };
  });
  await insertAll(db, 'page_views', rows);
}

async function openBenchDatabase(dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!values.pg) return { url: `sqlite:${path.join(dir, 'bench.sqlite')}`, drop: async () => {} };
  const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mediabox_insights_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-insights-bench-'));
  const target = await openBenchDatabase(dir);
  let handle: DatabaseHandle | undefined;
  try {
    handle = openDatabase(target.url);
    await migrateToLatest(handle);
    const start = process.hrtime.bigint();
    await seed(handle.db);
    // Statistics (and on PostgreSQL the visibility map, without which no index-only scan skips the
    // heap) as autovacuum would have left them in a running database, so plans are realistic.
    await sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(handle.db);
    const seedSeconds = ms(start) / 1000;
    // The app's one SQLite connection is this handle's: a pragma here applies to every query measured.
    for (const pragma of values.pragma) await sql.raw(`pragma ${pragma}`).execute(handle.db);
    console.log(`seeded ${eventCount} events in ${seedSeconds.toFixed(1)} s (${handle.dialect})`);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: target.url,
      PUBLIC_URL: 'http://bench.test',
      WEB_DIST: path.join(dir, 'no-web'),
      LOG_LEVEL: 'silent',
    });
    const context = createContext({
      config,
      database: handle,
      log: pino({ level: 'silent' }),
      clock: new ManualClock((END_DAY + 0.5) * DAY_MS),
    });
    const app = await buildApp(context);
    await app.ready();
    await context.accounts.createUser({
      email: 'super@bench.example',
      password: 'Bench-password-1',
      firstname: 'Bench',
      lastname: 'Super',
      company: 'Bench GmbH',
      superUser: true,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'super@bench.example', password: 'Bench-password-1' },
    });
    const token = (login.json() as { token?: string }).token;
    if (!token) throw new Error(`bench login failed: ${login.body}`);

    const db = handle.db;
    const repository = new InsightsRepository(db, handle.dialect);
    const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    const get = async (url: string) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response;
    };

    const lines: string[] = [];
    const summary: SummaryRow[] = [];
    const loadBefore = loadAverage();
    for (const days of [30, 365]) {
      const from = END_DAY - days + 1;
      const range: TimeRange = { from: from * DAY_MS, to: (END_DAY + 1) * DAY_MS };
      const query = `from=${iso(from)}&to=${iso(END_DAY)}`;
      const baseline = async () => {
        await db
          .selectFrom('download_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('at', '>=', range.from)
          .where('at', '<', range.to)
          .executeTakeFirstOrThrow();
      };
      const route = () => get(`/api/admin/insights?${query}`);
      const csv = () => get(`/api/admin/insights/top-searches.csv?${query}`);
      const times = { baseline: [] as number[], route: [] as number[], csv: [] as number[] };
      for (let pass = -2; pass < passes; pass++) {
        for (const [name, run] of [
          ['baseline', baseline],
          ['route', route],
          ['csv', csv],
        ] as const) {
          const t0 = process.hrtime.bigint();
          await run();
          if (pass >= 0) times[name].push(ms(t0));
        }
      }
      const answer = (await route()).json() as { totals: Record<string, number> };

      // Where the route's time goes: each repository query alone, median of 5.
      const parts: [string, () => Promise<unknown>][] = [
        ['downloadsPerDay', () => repository.downloadsPerDay({ fromDay: from, toDay: END_DAY })],
        ['topAssets', () => repository.topAssets(range, 10)],
        ['topSearches', () => repository.topSearches(range, 10, false)],
        ['zeroResultSearches', () => repository.topSearches(range, 10, true)],
        ['activeUsersPerCountry', () => repository.activeUsersPerCountry(range)],
        ['registrationsPerWeek', () => repository.registrationsPerWeek(range)],
        ['countSearches', () => repository.countSearches(range)],
        ['countPageViews', () => repository.countPageViews(range)],
      ];
      const breakdown: string[] = [];
      for (const [name, run] of parts) {
        const samples: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = process.hrtime.bigint();
          await run();
          samples.push(ms(t0));
        }
        breakdown.push(`${name} ${fmt(percentile(samples, 0.5))}`);
      }

      const b50 = percentile(times.baseline, 0.5);
      const b95 = percentile(times.baseline, 0.95);
      const r50 = percentile(times.route, 0.5);
      const r95 = percentile(times.route, 0.95);
      const c50 = percentile(times.csv, 0.5);
      const c95 = percentile(times.csv, 0.95);
      const totals = answer.totals;
      lines.push(
        `| ${days} days | ${totals.downloads} / ${totals.searches} / ${totals.pageViews} | ${fmt(b50)} / ${fmt(b95)} | ${fmt(r50)} / ${fmt(r95)} | ${fmt(c50)} / ${fmt(c95)} | ${(r50 / b50).toFixed(1)}x / ${(r95 / b95).toFixed(1)}x |`,
      );
      console.log(`${days} days: ${breakdown.join(', ')} (ms, median of 5)`);
      summary.push({
        bench: 'insights',
        what: `GET /api/admin/insights p95, ${days} days of ${eventCount.toLocaleString('en')} events, ${handle.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
        figure: `${fmt(r95)} ms`,
        baseline: `${fmt(b95)} ms (count(*) of the range)`,
        ratio: `${(r95 / b95).toFixed(1)}x`,
        target: '– (none in issue 7)',
        met: null,
      });
    }
    const database = handle.dialect === 'sqlite' ? `SQLite ${sqliteVersion()}` : await postgresVersion();
    const pragmas = values.pragma.length > 0 ? ` (pragma ${values.pragma.join(', ')})` : '';
    const command = `npm run bench:insights -- --events ${eventCount} --passes ${passes}${values.pg ? ' --pg' : ''}${values.pragma.map((pragma) => ` --pragma ${pragma}`).join('')}`;
    const section = [
      `## Insights benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription([database + pragmas])}; 1-minute load average ${fmt(loadBefore)} before the measured passes, ${fmt(loadAverage())} after. Command: \`${command}\`.`,
      `${eventCount.toLocaleString('en')} events (30 % downloads, 30 % searches, 40 % page views) over the year before 2026-11-22, seeded in ${seedSeconds.toFixed(1)} s; two warm-up passes, then ${passes} passes of baseline, route and CSV interleaved; ms (p50 / p95).`,
      '',
      '| range | downloads / searches / page views in range | baseline count(*) | GET /api/admin/insights | top-searches.csv | route ÷ baseline (p50 / p95) |',
      '|---|---|---|---|---|---|',
      ...lines,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary(summary);
    await app.close();
  } finally {
    await handle?.close();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
