/**
 * `npm run bench:api [-- --assets 3000 --duration 10 --connections 100 --db sqlite --no-write]`
 *
 * The app built as the API tests build it (bench-app.ts, SQLite by default, `--db postgres` for a
 * fresh PostgreSQL database), `--assets` assets seeded with the test seed helpers in 10 categories,
 * listening on 127.0.0.1 port 0. Next to it, in the same process, a bare Fastify instance whose
 * routes answer the same JSON (captured from the app once) without authentication, database,
 * validation or schemas. autocannon (in a child process, so that the load generator does not share
 * the server's event loop) drives each route for `--duration` seconds with `--connections`
 * connections, in the order bare, app, app, bare per endpoint:
 *   GET /api/asset/{id}                         rotating over all asset ids,
 *   GET /api/assets/{containerId}?limit=60      a category page of 60, rotating over the categories.
 * Prints requests/s, p99 latency and errors of each and app ÷ bare (API_BENCH_SERVER_TIMES=1 also
 * prints the server-side time per request of each run). Targets (issue 7): ≥ 25 % of
 * the bare route's requests/s, p99 < 50 ms. Appends a dated section to docs/performance.md unless
 * --no-write, and prints the suite's summary rows (report.ts).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DialectName } from '../platform/db/database.js';
import { imageAsset, seedAsset, seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import { createBenchApp, postgresVersion, seedTarget, signedInUser } from './bench-app.js';
import type { LoadOptions, LoadResult } from './load-generator.js';
import {
  appendToPerformance,
  fmt,
  loadAverage,
  machineDescription,
  percent,
  percentile,
  printSummary,
  sqliteVersion,
  today,
  type SummaryRow,
} from './report.js';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '3000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    db: { type: 'string', default: 'sqlite' },
    'no-write': { type: 'boolean', default: false },
  },
});

/** Issue 7: at least this share of the bare route's requests/s, and p99 below this. */
const TARGET_SHARE = 0.25;
const TARGET_P99_MS = 50;
const CATEGORIES = 10;
const PAGE = 60;

/** Runs autocannon in a child process (load-generator.ts, which loads nothing of the app) and answers its result. */
function loadFromChild(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(new URL('./load-generator.ts', import.meta.url)),
      [JSON.stringify(options)],
      {
        execArgv: process.execArgv,
      },
    );
    child.once('message', (message: LoadResult) => resolve(message));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

// ---------------------------------------------------------------- servers

interface Endpoint {
  name: string;
  appPaths: string[];
  barePaths: string[];
}

/** A bare Fastify answering the captured JSON bodies: what HTTP and serialisation alone cost. */
async function bareServer(assetBodies: Map<number, unknown>, pageBodies: Map<number, unknown>) {
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { id: string } }>('/bare/asset/:id', async (request, reply) => {
    const body = assetBodies.get(Number(request.params.id));
    return body ?? reply.status(404).send({ error: 'not found' });
  });
  bare.get<{ Params: { id: string } }>('/bare/assets/:id', async (request, reply) => {
    const body = pageBodies.get(Number(request.params.id));
    return body ?? reply.status(404).send({ error: 'not found' });
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
};

// ---------------------------------------------------------------- run

async function main(): Promise<void> {
  const assetCount = Number(values.assets);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const dialect = (values.db === 'pg' ? 'postgres' : values.db) as DialectName;
  const t = await createBenchApp(dialect);
  const target = seedTarget(t);
  let bare: FastifyInstance | undefined;
  try {
    // One country root with ten categories, the assets spread over them round-robin.
    await seedNodes(target, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      ...Array.from({ length: CATEGORIES }, (_, index) => ({
        id: 100 + index,
        parentId: 1,
        rootId: 1,
        de: `Kategorie ${index + 1}`,
      })),
    ]);
    let start = performance.now();
    const assetIds: number[] = [];
    for (let index = 0; index < assetCount; index += 1) {
      const seeded = await seedAsset(
        target,
        imageAsset(100 + (index % CATEGORIES), 1, `Kaffee ${index + 1} Röstung mild 500 g`, {
          gtin: String(4006067000000 + index).padStart(14, '0'),
          keywords: 'kaffee bohnen mild',
          description: 'Ganze Bohne, mild geröstet.',
        }),
      );
      assetIds.push(seeded.id);
    }
    const seedSeconds = (performance.now() - start) / 1000;
    console.log(`seeded ${assetCount} assets in ${fmt(seedSeconds)} s (${dialect})`);
    const { token } = await signedInUser(t);
    const headers = { authorization: `Bearer ${token}` };

    // The bare routes answer what the app answered for the same ids.
    const assetBodies = new Map<number, unknown>();
    for (const id of assetIds) {
      const response = await t.app.inject({ method: 'GET', url: `/api/asset/${id}`, headers });
      if (response.statusCode !== 200)
        throw new Error(`asset ${id}: ${response.statusCode} ${response.body}`);
      assetBodies.set(id, response.json());
    }
    const pageBodies = new Map<number, unknown>();
    for (let index = 0; index < CATEGORIES; index += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/assets/${100 + index}?limit=${PAGE}`,
        headers,
      });
      const body = response.json() as { results: unknown[] };
      if (response.statusCode !== 200 || body.results.length !== PAGE)
        throw new Error(`category page: ${response.statusCode} ${response.body.slice(0, 200)}`);
      pageBodies.set(100 + index, body);
    }
    const assetBytes = JSON.stringify(assetBodies.get(assetIds[0]!)).length;
    const pageBytes = JSON.stringify(pageBodies.get(100)).length;

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    bare = await bareServer(assetBodies, pageBodies);
    const appPort = portOf(t.app);
    const barePort = portOf(bare);
    const categoryIds = Array.from({ length: CATEGORIES }, (_, index) => 100 + index);
    const endpoints: Endpoint[] = [
      {
        name: 'GET /api/asset/{id}',
        appPaths: assetIds.map((id) => `/api/asset/${id}`),
        barePaths: assetIds.map((id) => `/bare/asset/${id}`),
      },
      {
        name: `GET /api/assets/{containerId}?limit=${PAGE}`,
        appPaths: categoryIds.map((id) => `/api/assets/${id}?limit=${PAGE}`),
        barePaths: categoryIds.map((id) => `/bare/assets/${id}`),
      },
    ];

    const loadBefore = loadAverage();
    start = performance.now();
    const serverTimes: number[] = [];
    if (process.env.API_BENCH_SERVER_TIMES) {
      // Diagnostic: how long the server itself held each request (parsed to last byte handed to the
      // kernel), to tell its own time from the time a request waits for its turn.
      t.app.server.on('request', (_request, response) => {
        const at = performance.now();
        response.on('finish', () => serverTimes.push(performance.now() - at));
      });
    }
    const measured: { endpoint: Endpoint; app: LoadResult; bare: LoadResult }[] = [];
    for (const endpoint of endpoints) {
      // Warm-up (JIT, statement caches, page cache), not counted.
      const common = { headers, connections, duration: Math.min(2, duration) };
      await loadFromChild({ ...common, port: barePort, paths: endpoint.barePaths });
      await loadFromChild({ ...common, port: appPort, paths: endpoint.appPaths });
      // bare, app, app, bare: a drift in the machine's other load weighs on both alike.
      const runs = { app: [] as LoadResult[], bare: [] as LoadResult[] };
      for (const kind of ['bare', 'app', 'app', 'bare'] as const) {
        serverTimes.length = 0;
        const result = await loadFromChild({
          headers,
          connections,
          duration: duration / 2,
          port: kind === 'app' ? appPort : barePort,
          paths: kind === 'app' ? endpoint.appPaths : endpoint.barePaths,
        });
        runs[kind].push(result);
        if (serverTimes.length > 0) {
          const at = (q: number) => fmt(percentile(serverTimes, q), 0);
          const max = fmt(Math.max(...serverTimes), 0);
          console.log(`    server-side ms p50 ${at(0.5)} p99 ${at(0.99)} max ${max} (${serverTimes.length})`);
        }
        console.log(
          `  ${endpoint.name} ${kind}: ${fmt(result.requestsPerSecond, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx}`,
        );
      }
      measured.push({ endpoint, app: combine(runs.app), bare: combine(runs.bare) });
    }
    const loadSeconds = (performance.now() - start) / 1000;

    const row = (what: string, result: LoadResult) =>
      `| ${what} | ${fmt(result.requestsPerSecond, 0)} | ${result.p50} / ${result.p99} / ${result.max} | ${result.errors + result.timeouts} / ${result.non2xx} | ${fmt(result.bytesPerSecond / 1e6, 1)} |`;
    const database = dialect === 'sqlite' ? `SQLite ${sqliteVersion()}` : await postgresVersion();
    const section = [
      `## API benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription([database])}; 1-minute load average ${fmt(loadBefore)} before the load, ${fmt(loadAverage())} after. Command: \`npm run bench:api -- --assets ${assetCount} --duration ${duration} --connections ${connections}${dialect === 'sqlite' ? '' : ` --db ${dialect}`}\`.`,
      `The app as the API tests build it (fresh ${dialect === 'sqlite' ? 'SQLite file' : 'PostgreSQL database'}, production config, silent log), ${assetCount.toLocaleString('en')} assets seeded in ${fmt(seedSeconds)} s with one JPEG and its renditions each, in ${CATEGORIES} categories; one signed-in partner's bearer token on every request. Bare = a second Fastify instance in the same process answering the same JSON objects (captured from the app: ${assetBytes.toLocaleString('en')} bytes per asset, ${pageBytes.toLocaleString('en')} per page of ${PAGE}) with no authentication, database or schema. autocannon in a child process, ${connections} connections, keep-alive, no pipelining, over loopback; per endpoint a 2 s warm-up of each, then bare, app, app, bare for ${duration / 2} s each (${fmt(loadSeconds, 0)} s of load in all); figures combine both runs of a kind (requests/s: mean; latency: the worse run).`,
      '',
      '| route | requests/s | latency ms p50 / p99 / max | errors / non-2xx | MB/s |',
      '|---|---|---|---|---|',
      ...measured.flatMap(({ endpoint, app, bare: baseline }) => [
        row(`${endpoint.name} (app)`, app),
        row(`bare Fastify, same JSON`, baseline),
      ]),
      '',
      measured
        .map(
          ({ endpoint, app, bare: baseline }) =>
            `${endpoint.name}: app ÷ bare **${percent(app.requestsPerSecond / baseline.requestsPerSecond)}** of the requests/s (target ≥ ${percent(TARGET_SHARE)}), p99 ${app.p99} ms (target < ${TARGET_P99_MS} ms).`,
        )
        .join(' '),
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary(
      measured.flatMap(({ endpoint, app, bare: baseline }): SummaryRow[] => {
        const share = app.requestsPerSecond / baseline.requestsPerSecond;
        const errors = app.errors + app.timeouts + app.non2xx;
        return [
          {
            bench: 'api',
            what: `${endpoint.name} requests/s, ${connections} connections${errors > 0 ? ` (${errors} errors/non-2xx)` : ''}`,
            figure: `${fmt(app.requestsPerSecond, 0)} req/s`,
            baseline: `${fmt(baseline.requestsPerSecond, 0)} req/s (bare Fastify)`,
            ratio: percent(share),
            target: `≥ ${percent(TARGET_SHARE)}`,
            met: share >= TARGET_SHARE && errors === 0,
          },
          {
            bench: 'api',
            what: `${endpoint.name} p99 latency`,
            figure: `${app.p99} ms`,
            baseline: `${baseline.p99} ms (bare Fastify)`,
            ratio: `${fmt(app.p99 / Math.max(1, baseline.p99), 1)}x`,
            target: `< ${TARGET_P99_MS} ms`,
            met: app.p99 < TARGET_P99_MS,
          },
        ];
      }),
    );
  } finally {
    await bare?.close();
    await t.close();
  }
}

/** Two runs of one kind: requests/s averaged, latencies the worse, counts added. */
function combine(runs: LoadResult[]): LoadResult {
  const sum = (pick: (run: LoadResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const worst = (pick: (run: LoadResult) => number) => Math.max(...runs.map(pick));
  return {
    requestsPerSecond: sum((run) => run.requestsPerSecond) / runs.length,
    requests: sum((run) => run.requests),
    p50: worst((run) => run.p50),
    p99: worst((run) => run.p99),
    max: worst((run) => run.max),
    errors: sum((run) => run.errors),
    timeouts: sum((run) => run.timeouts),
    non2xx: sum((run) => run.non2xx),
    bytesPerSecond: sum((run) => run.bytesPerSecond) / runs.length,
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
