/**
 * `npm run bench [-- --only search,api --no-write]`
 *
 * Runs the benchmark suite of issue 7 one after the other with modest sizes (the whole run stays
 * under 15 minutes on the 2-core machines), each as `npm run bench:<name>` would run it, and prints
 * a summary table of target against measured from the BENCH_SUMMARY lines each bench prints
 * (apps/server/src/bench/report.ts). Each bench appends its own section to docs/performance.md;
 * this appends the summary table as one more, unless --no-write. Runs under tsx (see the root
 * package.json) so that it shares report.ts with the benches. Exits 1 if a bench failed to run
 * (a target not met is a finding, not a failure).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import {
  appendToPerformance,
  loadAverage,
  machineDescription,
  SUMMARY_PREFIX,
  summaryTable,
  today,
} from '../apps/server/src/bench/report.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The suite with its modest sizes; `npm run bench:<name> -- …` takes the same flags for larger runs. */
const SUITE = [
  { name: 'search', args: ['--sizes', '100000', '--queries', '150', '--passes', '2', '--pg'] },
  { name: 'api', args: ['--assets', '3000', '--duration', '10'] },
  { name: 'zip', args: ['--size-mb', '500', '--files', '2000', '--passes', '2'] },
  { name: 'media', args: ['--images', '100'] },
  { name: 'web', args: ['--assets', '2000', '--runs', '5'] },
  { name: 'insights', args: ['--events', '200000', '--passes', '5'] },
  { name: 'takedown', args: ['--people', '10000'] },
  { name: 'convert', args: ['--images', '100'] },
];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const only = values.only ? new Set(values.only.split(',').map((name) => name.trim())) : undefined;
const benches = SUITE.filter((bench) => !only || only.has(bench.name));
if (only && benches.length !== only.size) {
  console.error(`unknown bench in --only; known: ${SUITE.map((bench) => bench.name).join(', ')}`);
  process.exit(2);
}

/** Runs one bench in its own process, echoing its output; answers its summary rows and exit code. */
function run(bench) {
  const args = [
    '--conditions=source',
    '--import',
    'tsx',
    `apps/server/src/bench/${bench.name}-bench.ts`,
    ...bench.args,
    ...(values['no-write'] ? ['--no-write'] : []),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    const rows = [];
    let pending = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(SUMMARY_PREFIX)) rows.push(JSON.parse(line.slice(SUMMARY_PREFIX.length)));
      }
    });
    child.on('close', (code) => resolve({ rows, code: code ?? 1 }));
  });
}

const loadBefore = loadAverage();
const started = performance.now();
const rows = [];
const failed = [];
const durations = [];
for (const bench of benches) {
  console.log(`\n=== bench:${bench.name} ${bench.args.join(' ')}\n`);
  const start = performance.now();
  const result = await run(bench);
  const seconds = (performance.now() - start) / 1000;
  durations.push(`${bench.name} ${seconds.toFixed(0)} s`);
  rows.push(...result.rows);
  if (result.code !== 0) {
    failed.push(bench.name);
    rows.push({
      bench: bench.name,
      what: `(failed: exit code ${result.code})`,
      figure: '–',
      baseline: '–',
      ratio: '–',
      target: '–',
      met: false,
    });
  }
}
const minutes = (performance.now() - started) / 60_000;

const table = summaryTable(rows);
const section = [
  `## Benchmark suite (issue 7), run of ${today()}`,
  '',
  `Machine: ${machineDescription()}; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadAverage().toFixed(1)} after. Command: \`npm run bench${only ? ` -- --only ${values.only}` : ''}\` (${minutes.toFixed(1)} minutes: ${durations.join(', ')}). Modest sizes: ${benches.map((bench) => `bench:${bench.name} ${bench.args.join(' ')}`).join('; ')}. Each bench's own section above has the details; each ratio is against a baseline measured in the same run.`,
  '',
  table,
  '',
].join('\n');
console.log(`\n${section}`);
if (!values['no-write']) appendToPerformance(section);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
