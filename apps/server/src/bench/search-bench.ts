/**
 * `npm run bench:search [-- --sizes 100000,1000000 --queries 300 --passes 3 --no-write]`
 * (tuning experiments: `--sample 2000 --global-rank 10000 --scored 500`)
 *
 * For each size: generates synthetic assets (German/English/French coffee, tea and cocoa products
 * in three country roots, 50/30/20 %) into a temp SQLite file, builds the search index, then runs
 * the same queries three ways and prints p50/p95/max of each:
 *   naive  – one plain FTS5 MATCH ordered by bm25 (the first row of shared/notes/search-at-1m.md),
 *   index  – SearchIndex.search (expansion, typo re-run, GTIN, count, ranking, facets),
 *   route  – POST /api/search/ through app.inject (auth, validation, index, presenting the assets).
 * The ratio route/index is our overhead over the bare index query. Appends a dated section to
 * docs/performance.md unless --no-write.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createContext } from '../context.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { DEFAULT_TUNING } from '../modules/search/full-text-search-index.js';
import { createSearchIndex } from '../modules/search/search-index-factory.js';
import { queryWords } from '../modules/search/text-folding.js';
import { generateCatalogue, pickQueries, type BenchQuery } from './search-bench-data.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../../../..');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    queries: { type: 'string', default: '300' },
    passes: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
    /**
     * Tuning experiments: matches sampled newest-first, the estimated total up to which ranking is
     * global, and how many of the newest matches are scored above it.
     */
    sample: { type: 'string' },
    'global-rank': { type: 'string' },
    scored: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map((size) => Number(size.trim()));
const queryCount = Number(values.queries);
const passes = Number(values.passes);

interface Stats {
  p50: number;
  p95: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

/** Median over passes of each statistic: one slow pass (another engineer's build) does not decide. */
function medianOfPasses(perPass: Stats[]): Stats {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    p50: median(perPass.map((s) => s.p50)),
    p95: median(perPass.map((s) => s.p95)),
    max: median(perPass.map((s) => s.max)),
  };
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (value: number) => value.toFixed(1);

interface SizeResult {
  size: number;
  generateSeconds: number;
  indexSeconds: number;
  fileMb: number;
  naive: Stats;
  index: Stats;
  route: Stats;
  found: string;
  estimates: number;
}

async function benchSize(size: number): Promise<SizeResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-search-bench-'));
  const file = path.join(dir, 'bench.sqlite');
  try {
    const database = openDatabase(`sqlite:${file}`);
    await migrateToLatest(database);
    await database.close();

    let start = process.hrtime.bigint();
    const raw = new SQLite(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = OFF');
    const catalogue = generateCatalogue(raw, size);
    raw.close();
    const generateSeconds = ms(start) / 1000;
    console.log(`  generated ${size} assets in ${generateSeconds.toFixed(1)} s`);

    const dataDir = path.join(dir, 'data');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${file}`,
      PUBLIC_URL: 'http://bench.test',
      WEB_DIST: path.join(dir, 'no-web'),
      LOG_LEVEL: 'silent',
    });
    const handle = openDatabase(config.databaseUrl);
    const context = createContext({ config, database: handle, log: pino({ level: 'silent' }) });
    if (values.sample || values['global-rank'] || values.scored) {
      const tuning = {
        ...DEFAULT_TUNING,
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
    await context.search.rebuild();
    const indexSeconds = ms(start) / 1000;
    console.log(`  indexed in ${indexSeconds.toFixed(1)} s`);

    const app = await buildApp(context);
    await app.ready();
    const user = await context.accounts.createUser({
      email: 'bench@partner.example',
      password: 'Bench-password-1',
      firstname: 'Bench',
      lastname: 'User',
      company: 'Bench GmbH',
    });
    await handle.db
      .updateTable('users')
      .set({ approved_at: Date.now(), email_confirmed_at: Date.now() })
      .where('id', '=', user.id)
      .execute();
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'bench@partner.example', password: 'Bench-password-1' },
    });
    const token = (login.json() as { token: string }).token;
    if (!token) throw new Error(`bench login failed: ${login.body}`);

    const queries: BenchQuery[] = pickQueries(catalogue, queryCount);
    const naive = async (query: BenchQuery) => {
      const words = queryWords(query.text);
      if (words.length === 0) return;
      const match = words
        .map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`)
        .join(' AND ');
      await sql`select rowid from ${sql.raw(`search_fts_${query.rootId}`)} where ${sql.raw(`search_fts_${query.rootId}`)} match ${match} order by rank limit 50`.execute(
        handle.db,
      );
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

    // Warm-up pass (page cache, prepared statements, vocabularies), then the measured passes,
    // the three ways interleaved per query so that background load hits them alike.
    let found = 0;
    let needles = 0;
    let estimates = 0;
    for (const query of queries) {
      await naive(query);
      const result = await viaIndex(query);
      await viaRoute(query);
      if (result.totalIsEstimate) estimates += 1;
      if (query.expectId !== undefined) {
        needles += 1;
        if (result.hits.slice(0, 10).some((hit) => hit.assetId === query.expectId)) found += 1;
      }
    }
    const perPass = { naive: [] as Stats[], index: [] as Stats[], route: [] as Stats[] };
    for (let pass = 0; pass < passes; pass += 1) {
      const times = { naive: [] as number[], index: [] as number[], route: [] as number[] };
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
    }
    await app.close();
    await handle.close();
    const fileMb = fs.statSync(file).size / 1024 / 1024;
    return {
      size,
      generateSeconds,
      indexSeconds,
      fileMb,
      naive: medianOfPasses(perPass.naive),
      index: medianOfPasses(perPass.index),
      route: medianOfPasses(perPass.route),
      found: `${found}/${needles}`,
      estimates,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  let nproc = String(os.availableParallelism());
  try {
    nproc = execSync('nproc').toString().trim();
  } catch {
    // nproc is Linux; availableParallelism is the same figure elsewhere.
  }
  const sqliteVersion = new SQLite(':memory:').prepare('select sqlite_version() as v').get() as { v: string };
  return `${nproc} cores (${cpu}), ${memory} GiB memory, Node ${process.version}, SQLite ${sqliteVersion.v}, ${os.platform()} ${os.release()}`;
}

/** The tuning flags given, as typed, so that a section's command reproduces it. */
function tuningFlags(): string {
  const flags = (['sample', 'global-rank', 'scored'] as const).filter((name) => values[name]);
  return flags.map((name) => ` --${name} ${values[name]}`).join('');
}

async function main(): Promise<void> {
  const results: SizeResult[] = [];
  for (const size of sizes) {
    console.log(`size ${size}:`);
    const result = await benchSize(size);
    results.push(result);
    const ratio = result.route.p95 / result.index.p95;
    console.log(
      `  naive FTS5 p50 ${fmt(result.naive.p50)} p95 ${fmt(result.naive.p95)} max ${fmt(result.naive.max)} ms | ` +
        `index p50 ${fmt(result.index.p50)} p95 ${fmt(result.index.p95)} max ${fmt(result.index.max)} ms | ` +
        `route p50 ${fmt(result.route.p50)} p95 ${fmt(result.route.p95)} max ${fmt(result.route.max)} ms | ` +
        `route/index p95 ${ratio.toFixed(2)}x | needles in top 10: ${result.found}`,
    );
  }
  const rows = results.map((r) => {
    const ratio50 = r.route.p50 / r.index.p50;
    const ratio95 = r.route.p95 / r.index.p95;
    return `| ${r.size.toLocaleString('en')} | ${fmt(r.generateSeconds)} s / ${fmt(r.indexSeconds)} s | ${Math.round(r.fileMb)} MB | ${fmt(r.naive.p50)} / ${fmt(r.naive.p95)} / ${fmt(r.naive.max)} | ${fmt(r.index.p50)} / ${fmt(r.index.p95)} / ${fmt(r.index.max)} | ${fmt(r.route.p50)} / ${fmt(r.route.p95)} / ${fmt(r.route.max)} | ${ratio50.toFixed(2)}x / ${ratio95.toFixed(2)}x | ${r.found} | ${r.estimates} |`;
  });
  const section = [
    `## Search benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}. Command: \`npm run bench:search -- --sizes ${values.sizes} --queries ${queryCount} --passes ${passes}${tuningFlags()}\`.`,
    `${queryCount} queries (single and multi-word, as-you-type prefixes, compound parts, accent and umlaut variants, typos, GTINs with and without leading zeros, rare product names), each filtered by one country root; SQLite file in the temp dir, warm cache; figures are medians over ${passes} passes, in ms (p50 / p95 / max).`,
    '',
    '| assets | generate / index | file | naive FTS5 MATCH + bm25 | SearchIndex.search | POST /api/search/ | route ÷ index (p50 / p95) | needles in top 10 | estimated totals |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'naive = one FTS5 MATCH of the folded words (last one a prefix) ordered by bm25, no counting, no facets, no typo or compound handling: the first row of shared/notes/search-at-1m.md. index = what the route asks of the index (expansion, typo re-run, GTIN lookup, count or estimate, ranking, facets). route = the full HTTP path through app.inject: authentication, validation, the index, and presenting the 50 assets (files, signed tickets) through the catalogue service.',
    '',
  ].join('\n');
  console.log(`\n${section}`);
  if (!values['no-write']) {
    const docs = path.join(REPO, 'docs/performance.md');
    const header = fs.existsSync(docs)
      ? ''
      : '# Performance\n\nMeasured figures, newest last. Each section says how it was measured and on what machine.\n\n';
    fs.appendFileSync(docs, `${header}${section}\n`);
    console.log(`appended to ${path.relative(process.cwd(), docs)}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
