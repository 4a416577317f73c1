/**
 * `npm run bench:search [-- --sizes 100000,1000000 --queries 300 --passes 3 --pg --no-write]`
 * (`--pg`: SQLite and then PostgreSQL; `--db postgres`: PostgreSQL alone;
 * tuning experiments: `--sample 2000 --global-rank 10000 --scored 500 --estimate-sample 500`;
 * experiments on one catalogue: `--keep-db` leaves the database (SQLite file or PostgreSQL database)
 * in place and prints its URL, `--reuse-db <url>` runs on it again, one size and the URL's database,
 * without generating or re-indexing)
 *
 * For each database and size: generates synthetic assets (German/English/French coffee, tea and
 * cocoa products in three country roots, 50/30/20 %) into a temp SQLite file or a fresh PostgreSQL
 * database on TEST_PG_URL / 127.0.0.1:5432 (dropped afterwards), builds the search index, then runs
 * the same queries three ways and prints p50/p95/max of each:
 *   naive  – one plain FTS5 MATCH ordered by bm25 (the first row of shared/notes/search-at-1m.md),
 *            on PostgreSQL one tsquery match on the GIN index ordered by ts_rank,
 *   index  – SearchIndex.search (expansion, typo re-run, GTIN, count, ranking, facets),
 *   route  – POST /api/search/ through app.inject (auth, validation, index, presenting the assets).
 * The ratio route/index is our overhead over the bare index query. Targets (issue 7): route p95
 * < 20 ms at 1M on SQLite, < 40 ms on PostgreSQL. The same queries, as typed, also go to the
 * search box's suggestions (issue 22.3): SearchIndex.suggest and GET /api/search/suggest, against
 * the naive match as the bare index baseline; targets p95 < 15 ms at 1M on SQLite, < 30 ms on
 * PostgreSQL. Issue 22.2/22.1: the same queries with three result filters active (orientation,
 * GS1 view, created within a year; target p95 < 50 ms at 1M on both databases) and
 * POST /api/search/ids (select all, first 10,000 ids; target < 200 ms). Before indexing, the
 * generated files and assets get varied pixels, views and creation dates (varyFilterFacts), so
 * that the filters keep part of the matches. Appends a dated section to docs/performance.md
 * unless --no-write, and prints the suite's summary rows (report.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase, type DialectName } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { activeFilters } from '../modules/search/result-filter.js';
import { DEFAULT_TUNING } from '../modules/search/search-tuning.js';
import { createSearchIndex, POSTGRES_TUNING } from '../modules/search/search-index-factory.js';
import { queryWords } from '../modules/search/text-folding.js';
import { createPgDatabase, postgresVersion, signedInUser } from './bench-app.js';
import {
  appendToPerformance,
  fmt,
  loadAverage,
  machineDescription,
  msSince as ms,
  printSummary,
  sqliteVersion,
  stats,
  times,
  today,
  type Stats,
  type SummaryRow,
} from './report.js';
import {
  generateCatalogue,
  pickQueries,
  postgresSink,
  sqliteSink,
  type BenchQuery,
  type CatalogueSink,
  type GeneratedCatalogue,
} from './search-bench-data.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    queries: { type: 'string', default: '300' },
    passes: { type: 'string', default: '3' },
    /** Databases to run on, in order: sqlite, postgres. */
    db: { type: 'string', default: 'sqlite' },
    /** Shorthand for `--db sqlite,postgres`. */
    pg: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /**
     * Tuning experiments: matches sampled newest-first, the estimated total up to which ranking is
     * global, and how many of the newest matches are scored above it.
     */
    sample: { type: 'string' },
    'global-rank': { type: 'string' },
    scored: { type: 'string' },
    /** Matches an estimated total may be extrapolated from (SearchTuning.estimateSampleSize). */
    'estimate-sample': { type: 'string' },
    /** Leave each database (SQLite file, PostgreSQL database) in place, URL printed, for --reuse-db. */
    'keep-db': { type: 'boolean', default: false },
    /**
     * Run on this kept database (`sqlite:/path` or `postgres://…`) instead of a new one: pending migrations are applied,
     * the index is rebuilt only when empty, and the database is kept. Generating and indexing 1M
     * assets take minutes; query experiments need neither.
     */
    'reuse-db': { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map((size) => Number(size.trim()));
const queryCount = Number(values.queries);
const passes = Number(values.passes);
const reuseUrl = values['reuse-db'];
/** With --reuse-db the URL names the database; otherwise --pg or --db. */
const databaseList = reuseUrl
  ? reuseUrl.startsWith('sqlite:')
    ? 'sqlite'
    : 'postgres'
  : values.pg
    ? 'sqlite,postgres'
    : values.db;
const dialects = databaseList.split(',').map((name) => {
  const dialect = name.trim() === 'pg' ? 'postgres' : name.trim();
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`--db: unknown database ${name}`);
  return dialect as DialectName;
});
if (reuseUrl && sizes.length !== 1) throw new Error('--reuse-db: one size (the one it was built with)');
/** Route p95 targets of issue 7 at 1M assets. */
const TARGET_P95_MS: Record<DialectName, number> = { sqlite: 20, postgres: 40 };
/** Issue 22.2: facet counts with three filters active, p95 at 1M on both databases. */
const FILTERED_TARGET_P95_MS = 50;
/** Issue 22.1: the first 10,000 ids of a search ("select all"). */
const IDS_TARGET_P95_MS = 200;
/** Three filters (issue 22.2): landscape pictures of two GS1 views created within a year. */
const THREE_FILTERS = {
  orientation: ['landscape' as const],
  views: ['C1C1', 'C1N1'],
  newerThanDays: 365,
};

/**
 * Varies what the result filters test across the generated catalogue, which has one square web
 * picture per asset made at one moment: a third of the pictures landscape and a third portrait,
 * GS1 views 1–12 (every 13th none), creation dates one minute apart going back from the newest.
 */
async function varyFilterFacts(url: string): Promise<void> {
  const handle = openDatabase(url);
  try {
    await sql`update asset_files set width = case when asset_id % 3 = 0 then 1600 when asset_id % 3 = 1 then 800 else 1200 end`.execute(
      handle.db,
    );
    await sql`update assets set image_category = case when id % 13 = 0 then null else id % 13 end,
      created_at = created_at - cast((select max(id) from assets) - id as bigint) * 60000`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** Suggestion route p95 targets of issue 22.3 at 1M assets. */
const SUGGEST_TARGET_P95_MS: Record<DialectName, number> = { sqlite: 15, postgres: 30 };

/** Median over passes of each statistic: one slow pass (another engineer's build) does not decide. */
function medianOfPasses(perPass: Stats[]): Stats {
  // The upper median, as in every earlier section: with two passes, the slower one.
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    p50: median(perPass.map((s) => s.p50)),
    p95: median(perPass.map((s) => s.p95)),
    max: median(perPass.map((s) => s.max)),
  };
}

interface SizeResult {
  dialect: DialectName;
  size: number;
  generateSeconds: number;
  indexSeconds: number;
  fileMb: number;
  naive: Stats;
  index: Stats;
  route: Stats;
  suggestIndex: Stats;
  suggestRoute: Stats;
  filteredIndex: Stats;
  filteredRoute: Stats;
  idsRoute: Stats;
  found: string;
  estimates: number;
}

/** Where a size's catalogue lives: a temp SQLite file or a fresh PostgreSQL database. */
interface BenchDatabase {
  url: string;
  /** Writes the synthetic catalogue (one transaction). */
  fill(size: number): Promise<GeneratedCatalogue>;
  /** After the index rebuild: what autovacuum would have done in a running database. */
  settle(): Promise<void>;
  sizeBytes(): Promise<number>;
  drop(): Promise<void>;
}

/** Runs `work` on a fresh connection to `url`. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What every PostgreSQL bench database does after indexing and at the end. */
function postgresUpkeep(url: string): Pick<BenchDatabase, 'settle' | 'sizeBytes'> {
  return {
    // Statistics and the visibility map (index-only scans), as autovacuum leaves a running database.
    settle: () => withClient(url, async (client) => void (await client.query('vacuum analyze'))),
    sizeBytes: () =>
      withClient(url, async (client) => {
        const result = await client.query<{ size: string }>(
          'select pg_database_size(current_database()) as size',
        );
        return Number(result.rows[0]!.size);
      }),
  };
}

/** Discards the rows: the generator is seeded, so this answers a kept catalogue's needles and samples. */
const nullSink: CatalogueSink = { blob: async () => {}, nodes: async () => {}, assets: async () => {} };

/** A kept database (--reuse-db): the catalogue is already there, and stays. */
function reusedDatabase(url: string): BenchDatabase {
  const sqliteFile = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
  return {
    url,
    fill: async (size) => {
      const handle = openDatabase(url);
      const { count } = await handle.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      await handle.close();
      if (Number(count) !== size) throw new Error(`--reuse-db holds ${count} assets, not ${size}`);
      return generateCatalogue(nullSink, size);
    },
    ...(sqliteFile
      ? { settle: async () => {}, sizeBytes: async () => fs.statSync(sqliteFile).size }
      : postgresUpkeep(url)),
    drop: async () => console.log(`  kept ${url}`),
  };
}

async function openBenchDatabase(dialect: DialectName, dir: string): Promise<BenchDatabase> {
  if (reuseUrl) return reusedDatabase(reuseUrl);
  if (dialect === 'sqlite') {
    // A kept file lives beside the temp dir, which is removed at the end of each size.
    const file = values['keep-db']
      ? path.join(os.tmpdir(), `mediabox-search-bench-${Date.now()}.sqlite`)
      : path.join(dir, 'bench.sqlite');
    return {
      url: `sqlite:${file}`,
      fill: async (size) => {
        const raw = new SQLite(file);
        raw.pragma('journal_mode = WAL');
        raw.pragma('synchronous = OFF');
        try {
          raw.exec('begin');
          const catalogue = await generateCatalogue(sqliteSink(raw), size);
          raw.exec('commit');
          return catalogue;
        } finally {
          raw.close();
        }
      },
      settle: async () => {},
      sizeBytes: async () => fs.statSync(file).size,
      drop: values['keep-db'] ? async () => console.log(`  kept sqlite:${file}`) : async () => {},
    };
  }
  const created = await createPgDatabase('mediabox_search_bench');
  return {
    url: created.url,
    fill: (size) =>
      withClient(created.url, async (client) => {
        await client.query('begin');
        const catalogue = await generateCatalogue(postgresSink(client), size);
        // Explicit ids: move the serial sequences past them, as inserts through the app would have.
        for (const table of ['assets', 'asset_files']) {
          await client.query(
            `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
          );
        }
        await client.query('commit');
        await client.query('vacuum analyze');
        return catalogue;
      }),
    ...postgresUpkeep(created.url),
    drop: values['keep-db'] ? async () => console.log(`  kept ${created.url}`) : created.drop,
  };
}

/** One folded-word MATCH, last word a prefix, best first: the cheapest text query of each database. */
function naiveQuery(dialect: DialectName, query: BenchQuery) {
  const words = queryWords(query.text);
  if (words.length === 0) return undefined;
  if (dialect === 'sqlite') {
    const match = words
      .map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`)
      .join(' AND ');
    const table = sql.raw(`search_fts_${query.rootId}`);
    return sql`select rowid from ${table} where ${table} match ${match} order by rank limit 50`;
  }
  const tsquery = words
    .map((word, index) => `'${word.replace(/'/g, "''")}'${index === words.length - 1 ? ':*' : ''}`)
    .join(' & ');
  return sql`select asset_id from search_documents
    where root_id = ${query.rootId} and document @@ to_tsquery('simple', ${tsquery})
    order by ts_rank(document, to_tsquery('simple', ${tsquery})) desc limit 50`;
}

async function benchSize(dialect: DialectName, size: number): Promise<SizeResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-search-bench-'));
  const target = await openBenchDatabase(dialect, dir);
  try {
    const database = openDatabase(target.url);
    await migrateToLatest(database);
    await database.close();

    let start = process.hrtime.bigint();
    const catalogue = await target.fill(size);
    if (!reuseUrl) await varyFilterFacts(target.url);
    const generateSeconds = ms(start) / 1000;
    console.log(`  generated ${size} assets in ${generateSeconds.toFixed(1)} s`);

    const dataDir = path.join(dir, 'data');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      PUBLIC_URL: 'http://bench.test',
      WEB_DIST: path.join(dir, 'no-web'),
      LOG_LEVEL: 'silent',
    });
    const handle = openDatabase(config.databaseUrl);
    const context = createContext({ config, database: handle, log: pino({ level: 'silent' }) });
    if (values.sample || values['global-rank'] || values.scored || values['estimate-sample']) {
      const tuning = {
        ...(dialect === 'postgres' ? POSTGRES_TUNING : DEFAULT_TUNING),
        ...(values['estimate-sample'] ? { estimateSampleSize: Number(values['estimate-sample']) } : {}),
        ...(values.sample ? { sampleSize: Number(values.sample) } : {}),
        ...(values['global-rank'] ? { globalRankLimit: Number(values['global-rank']) } : {}),
        ...(values.scored ? { scoredSize: Number(values.scored) } : {}),
      };
      // The route reads context.search through the service: swap both to the tuned index.
      const tuned = createSearchIndex(handle, tuning);
      Object.assign(context, { search: tuned });
      Object.assign(context.searchService, {
        deps: { ...(context.searchService as unknown as { deps: object }).deps, index: tuned },
      });
    }
    start = process.hrtime.bigint();
    if (reuseUrl) {
      if (await context.search.rebuildIfEmpty()) await target.settle();
    } else {
      await context.search.rebuild();
      await target.settle();
    }
    const indexSeconds = ms(start) / 1000;
    console.log(`  indexed in ${indexSeconds.toFixed(1)} s`);

    const app = await buildApp(context);
    await app.ready();
    // A kept database already has the bench user: each run signs up its own.
    const email = reuseUrl || values['keep-db'] ? `bench-${Date.now()}@partner.example` : undefined;
    const { token } = await signedInUser({ app, context }, email);

    const queries: BenchQuery[] = pickQueries(catalogue, queryCount);
    const naive = async (query: BenchQuery) => {
      const statement = naiveQuery(dialect, query);
      if (statement) await statement.execute(handle.db);
    };
    const viaIndex = (query: BenchQuery) =>
      context.search.search({ text: query.text, rootId: query.rootId, offset: 0, limit: 50 });
    const viaRoute = async (query: BenchQuery) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: query.text, rootId: query.rootId, offset: 0, limit: 50 }),
      });
      if (response.statusCode !== 200)
        throw new Error(`${query.text}: ${response.statusCode} ${response.body}`);
    };
    const filteredIndex = async (query: BenchQuery) => {
      const result = await context.search.search({
        text: query.text,
        rootId: query.rootId,
        offset: 0,
        limit: 50,
        filters: activeFilters(THREE_FILTERS, Date.now()),
      });
      if (!result.filterCounts && result.total > 0) throw new Error(`${query.text}: no filter counts`);
    };
    const filteredRoute = async (query: BenchQuery) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          query: query.text,
          rootId: query.rootId,
          offset: 0,
          limit: 50,
          filters: THREE_FILTERS,
        }),
      });
      if (response.statusCode !== 200)
        throw new Error(`filtered ${query.text}: ${response.statusCode} ${response.body}`);
    };
    const idsRoute = async (query: BenchQuery) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/search/ids',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: query.text, rootId: query.rootId }),
      });
      if (response.statusCode !== 200)
        throw new Error(`ids ${query.text}: ${response.statusCode} ${response.body}`);
    };
    const suggestIndex = (query: BenchQuery) =>
      context.search.suggest({ text: query.text, rootId: query.rootId, limit: 5 });
    const suggestRoute = async (query: BenchQuery) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/search/suggest?${new URLSearchParams({ q: query.text, lang: 'de', rootId: String(query.rootId) })}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200)
        throw new Error(`suggest ${query.text}: ${response.statusCode} ${response.body}`);
    };

    // Warm-up pass (page cache, prepared statements, vocabularies), then the measured passes,
    // the three ways interleaved per query so that background load hits them alike.
    let found = 0;
    let needles = 0;
    let estimates = 0;
    for (const query of queries) {
      await naive(query);
      const result = await viaIndex(query);
      await viaRoute(query);
      await suggestIndex(query);
      await suggestRoute(query);
      await filteredIndex(query);
      await filteredRoute(query);
      await idsRoute(query);
      if (result.totalIsEstimate) estimates += 1;
      if (query.expectId !== undefined) {
        needles += 1;
        if (result.hits.slice(0, 10).some((hit) => hit.assetId === query.expectId)) found += 1;
      }
    }
    const perPass = {
      naive: [] as Stats[],
      index: [] as Stats[],
      route: [] as Stats[],
      suggestIndex: [] as Stats[],
      suggestRoute: [] as Stats[],
      filteredIndex: [] as Stats[],
      filteredRoute: [] as Stats[],
      idsRoute: [] as Stats[],
    };
    for (let pass = 0; pass < passes; pass += 1) {
      const times = {
        naive: [] as number[],
        index: [] as number[],
        route: [] as number[],
        suggestIndex: [] as number[],
        suggestRoute: [] as number[],
        filteredIndex: [] as number[],
        filteredRoute: [] as number[],
        idsRoute: [] as number[],
      };
      for (const query of queries) {
        let t0 = process.hrtime.bigint();
        await naive(query);
        times.naive.push(ms(t0));
        t0 = process.hrtime.bigint();
        await viaIndex(query);
        times.index.push(ms(t0));
        t0 = process.hrtime.bigint();
        await viaRoute(query);
        times.route.push(ms(t0));
        t0 = process.hrtime.bigint();
        await suggestIndex(query);
        times.suggestIndex.push(ms(t0));
        t0 = process.hrtime.bigint();
        await suggestRoute(query);
        times.suggestRoute.push(ms(t0));
        t0 = process.hrtime.bigint();
        await filteredIndex(query);
        times.filteredIndex.push(ms(t0));
        t0 = process.hrtime.bigint();
        await filteredRoute(query);
        times.filteredRoute.push(ms(t0));
        t0 = process.hrtime.bigint();
        await idsRoute(query);
        times.idsRoute.push(ms(t0));
      }
      if (pass === 0) {
        // Per kind of query, to see where the tail comes from (console only).
        for (const kind of new Set(queries.map((query) => query.kind))) {
          const pick = (list: number[]) => list.filter((_, index) => queries[index]!.kind === kind);
          const index = stats(pick(times.index));
          const route = stats(pick(times.route));
          console.log(
            `    ${kind.padEnd(18)} index p50 ${fmt(index.p50)} p95 ${fmt(index.p95)} | route p50 ${fmt(route.p50)} p95 ${fmt(route.p95)}`,
          );
        }
      }
      perPass.naive.push(stats(times.naive));
      perPass.index.push(stats(times.index));
      perPass.route.push(stats(times.route));
      perPass.suggestIndex.push(stats(times.suggestIndex));
      perPass.suggestRoute.push(stats(times.suggestRoute));
      perPass.filteredIndex.push(stats(times.filteredIndex));
      perPass.filteredRoute.push(stats(times.filteredRoute));
      perPass.idsRoute.push(stats(times.idsRoute));
    }
    await app.close();
    const fileMb = (await target.sizeBytes()) / 1024 / 1024;
    await handle.close();
    return {
      dialect,
      size,
      generateSeconds,
      indexSeconds,
      fileMb,
      naive: medianOfPasses(perPass.naive),
      index: medianOfPasses(perPass.index),
      route: medianOfPasses(perPass.route),
      suggestIndex: medianOfPasses(perPass.suggestIndex),
      suggestRoute: medianOfPasses(perPass.suggestRoute),
      filteredIndex: medianOfPasses(perPass.filteredIndex),
      filteredRoute: medianOfPasses(perPass.filteredRoute),
      idsRoute: medianOfPasses(perPass.idsRoute),
      found: `${found}/${needles}`,
      estimates,
    };
  } finally {
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The tuning flags given, as typed, so that a section's command reproduces it. */
function tuningFlags(): string {
  const flags = (['sample', 'global-rank', 'scored', 'estimate-sample'] as const).filter(
    (name) => values[name],
  );
  return flags.map((name) => ` --${name} ${values[name]}`).join('');
}

const DATABASE_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const results: SizeResult[] = [];
  for (const dialect of dialects) {
    for (const size of sizes) {
      console.log(`${DATABASE_NAMES[dialect]}, size ${size}:`);
      const result = await benchSize(dialect, size);
      results.push(result);
      const ratio = result.route.p95 / result.index.p95;
      console.log(
        `  naive p50 ${fmt(result.naive.p50)} p95 ${fmt(result.naive.p95)} max ${fmt(result.naive.max)} ms | ` +
          `index p50 ${fmt(result.index.p50)} p95 ${fmt(result.index.p95)} max ${fmt(result.index.max)} ms | ` +
          `route p50 ${fmt(result.route.p50)} p95 ${fmt(result.route.p95)} max ${fmt(result.route.max)} ms | ` +
          `route/index p95 ${ratio.toFixed(2)}x | needles in top 10: ${result.found}`,
      );
      console.log(
        `  suggest index p50 ${fmt(result.suggestIndex.p50)} p95 ${fmt(result.suggestIndex.p95)} max ${fmt(result.suggestIndex.max)} ms | ` +
          `suggest route p50 ${fmt(result.suggestRoute.p50)} p95 ${fmt(result.suggestRoute.p95)} max ${fmt(result.suggestRoute.max)} ms`,
      );
      console.log(
        `  three filters index p50 ${fmt(result.filteredIndex.p50)} p95 ${fmt(result.filteredIndex.p95)} | ` +
          `route p50 ${fmt(result.filteredRoute.p50)} p95 ${fmt(result.filteredRoute.p95)} | ` +
          `ids route p50 ${fmt(result.idsRoute.p50)} p95 ${fmt(result.idsRoute.p95)} max ${fmt(result.idsRoute.max)} ms`,
      );
    }
  }
  const rows = results.map((r) => {
    const ratio50 = r.route.p50 / r.index.p50;
    const ratio95 = r.route.p95 / r.index.p95;
    return `| ${DATABASE_NAMES[r.dialect]} | ${r.size.toLocaleString('en')} | ${fmt(r.generateSeconds)} s / ${fmt(r.indexSeconds)} s | ${Math.round(r.fileMb)} MB | ${fmt(r.naive.p50)} / ${fmt(r.naive.p95)} / ${fmt(r.naive.max)} | ${fmt(r.index.p50)} / ${fmt(r.index.p95)} / ${fmt(r.index.max)} | ${fmt(r.route.p50)} / ${fmt(r.route.p95)} / ${fmt(r.route.max)} | ${ratio50.toFixed(2)}x / ${ratio95.toFixed(2)}x | ${r.found} | ${r.estimates} |`;
  });
  const suggestRows = results.map(
    (r) =>
      `| ${DATABASE_NAMES[r.dialect]} | ${r.size.toLocaleString('en')} | ${fmt(r.naive.p50)} / ${fmt(r.naive.p95)} / ${fmt(r.naive.max)} | ${fmt(r.suggestIndex.p50)} / ${fmt(r.suggestIndex.p95)} / ${fmt(r.suggestIndex.max)} | ${fmt(r.suggestRoute.p50)} / ${fmt(r.suggestRoute.p95)} / ${fmt(r.suggestRoute.max)} | ${(r.suggestRoute.p95 / r.naive.p95).toFixed(2)}x |`,
  );
  const filterRows = results.map(
    (r) =>
      `| ${DATABASE_NAMES[r.dialect]} | ${r.size.toLocaleString('en')} | ${fmt(r.index.p50)} / ${fmt(r.index.p95)} / ${fmt(r.index.max)} | ${fmt(r.filteredIndex.p50)} / ${fmt(r.filteredIndex.p95)} / ${fmt(r.filteredIndex.max)} | ${fmt(r.filteredRoute.p50)} / ${fmt(r.filteredRoute.p95)} / ${fmt(r.filteredRoute.max)} | ${fmt(r.idsRoute.p50)} / ${fmt(r.idsRoute.p95)} / ${fmt(r.idsRoute.max)} |`,
  );
  const versions = [`SQLite ${sqliteVersion()}`];
  if (dialects.includes('postgres')) versions.push(await postgresVersion());
  const dbFlag = values.pg ? ' --pg' : values.db !== 'sqlite' ? ` --db ${values.db}` : '';
  const section = [
    `## Search benchmark, ${today()}`,
    '',
    `Machine: ${machineDescription(versions)}; 1-minute load average ${fmt(loadBefore)} before the run, ${fmt(loadAverage())} after. Command: \`npm run bench:search -- --sizes ${values.sizes} --queries ${queryCount} --passes ${passes}${dbFlag}${tuningFlags()}\`.`,
    `${queryCount} queries (single and multi-word, as-you-type prefixes, compound parts, accent and umlaut variants, typos, GTINs with and without leading zeros, rare product names), each filtered by one country root; SQLite file in the temp dir, PostgreSQL a fresh database on 127.0.0.1 (after \`vacuum analyze\`); warm cache; figures are medians over ${passes} passes, in ms (p50 / p95 / max).`,
    '',
    '| database | assets | generate / index | file / database | naive MATCH + rank | SearchIndex.search | POST /api/search/ | route ÷ index (p50 / p95) | needles in top 10 | estimated totals |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Suggestions (issue 22.3), the same queries as typed:',
    '',
    '| database | assets | naive MATCH + rank (baseline) | SearchIndex.suggest | GET /api/search/suggest | suggest route ÷ naive p95 |',
    '|---|---|---|---|---|---|',
    ...suggestRows,
    '',
    'Filters (issue 22.2) and select all (issue 22.1), the same queries with three filters active (landscape, GS1 views C1C1/C1N1, created within 365 days; counts per filter value in the answer), and POST /api/search/ids without filters (the first 10,000 ids in relevance order):',
    '',
    '| database | assets | SearchIndex.search (no filters) | SearchIndex.search, three filters | POST /api/search/, three filters | POST /api/search/ids |',
    '|---|---|---|---|---|---|',
    ...filterRows,
    '',
    'naive = one match of the folded words (last one a prefix) ordered by relevance (SQLite: FTS5 MATCH + bm25; PostgreSQL: tsquery on the GIN index + ts_rank), no counting, no facets, no typo or compound handling: the first row of shared/notes/search-at-1m.md. index = what the route asks of the index (expansion, typo re-run, GTIN lookup, count or estimate, ranking, facets). route = the full HTTP path through app.inject: authentication, validation, the index, and presenting the 50 assets (files, signed tickets) through the catalogue service.',
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (!values['no-write']) appendToPerformance(section);
  printSummary(
    results
      .map((r): SummaryRow => {
        const target = r.size >= 1_000_000 ? TARGET_P95_MS[r.dialect] : undefined;
        return {
          bench: 'search',
          what: `POST /api/search/ p95, ${r.size.toLocaleString('en')} assets, ${DATABASE_NAMES[r.dialect]}`,
          figure: `${fmt(r.route.p95)} ms`,
          baseline: `${fmt(r.index.p95)} ms (SearchIndex.search)`,
          ratio: times(r.route.p95 / r.index.p95),
          target: target ? `< ${target} ms` : '– (set for 1M)',
          met: target ? r.route.p95 < target : null,
        };
      })
      .concat(
        results.map((r): SummaryRow => {
          const target = r.size >= 1_000_000 ? SUGGEST_TARGET_P95_MS[r.dialect] : undefined;
          return {
            bench: 'search',
            what: `GET /api/search/suggest p95, ${r.size.toLocaleString('en')} assets, ${DATABASE_NAMES[r.dialect]}`,
            figure: `${fmt(r.suggestRoute.p95)} ms`,
            baseline: `${fmt(r.naive.p95)} ms (naive MATCH + rank)`,
            ratio: times(r.suggestRoute.p95 / r.naive.p95),
            target: target ? `< ${target} ms` : '– (set for 1M)',
            met: target ? r.suggestRoute.p95 < target : null,
          };
        }),
      )
      .concat(
        results.flatMap((r): SummaryRow[] => {
          const atScale = r.size >= 1_000_000;
          const size = r.size.toLocaleString('en');
          return [
            {
              bench: 'search',
              what: `POST /api/search/ with three filters p95, ${size} assets, ${DATABASE_NAMES[r.dialect]}`,
              figure: `${fmt(r.filteredRoute.p95)} ms`,
              baseline: `${fmt(r.route.p95)} ms (no filters)`,
              ratio: times(r.filteredRoute.p95 / r.route.p95),
              target: atScale ? `< ${FILTERED_TARGET_P95_MS} ms` : '– (set for 1M)',
              met: atScale ? r.filteredRoute.p95 < FILTERED_TARGET_P95_MS : null,
            },
            {
              bench: 'search',
              what: `POST /api/search/ids p95, ${size} assets, ${DATABASE_NAMES[r.dialect]}`,
              figure: `${fmt(r.idsRoute.p95)} ms`,
              baseline: `${fmt(r.index.p95)} ms (SearchIndex.search, one page)`,
              ratio: times(r.idsRoute.p95 / r.index.p95),
              target: atScale ? `< ${IDS_TARGET_P95_MS} ms` : '– (set for 1M)',
              met: atScale ? r.idsRoute.p95 < IDS_TARGET_P95_MS : null,
            },
          ];
        }),
      ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
