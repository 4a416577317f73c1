import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';

/**
 * What every benchmark shares: the machine description, percentiles, the peak-RSS sampler, the
 * summary rows that `npm run bench` collects (scripts/bench-all.mjs), and appending a dated
 * section to docs/performance.md. Benchmarks are scripts (`*-bench.ts`), never vitest tests.
 */

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PERFORMANCE_MD = path.join(REPO, 'docs/performance.md');
/** Prefix of the machine-readable summary lines on stdout; bench-all.mjs greps for it. */
export const SUMMARY_PREFIX = 'BENCH_SUMMARY ';

/** The date of a section's heading (UTC). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** Loaded on demand: the zip bench's server child imports this file and measures its own RSS. */
export function sqliteVersion(): string {
  const Database = createRequire(import.meta.url)('better-sqlite3') as typeof SQLite;
  const connection = new Database(':memory:');
  try {
    return (connection.prepare('select sqlite_version() as v').get() as { v: string }).v;
  } finally {
    connection.close();
  }
}

/**
 * "2 cores (AMD EPYC …), 23.5 GiB memory, Node v20…, linux 6…" plus any extra parts (database
 * versions, load average) the benchmark adds.
 */
export function machineDescription(extra: string[] = []): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  let cores = String(os.availableParallelism());
  try {
    cores = execSync('nproc', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // nproc is Linux; availableParallelism is the same figure elsewhere.
  }
  return [
    `${cores} cores (${cpu})`,
    `${memory} GiB memory`,
    `Node ${process.version}`,
    `${os.platform()} ${os.release()}`,
    ...extra,
  ].join(', ');
}

/** The 1-minute load average, for "before … after" notes: other work on the machine inflates figures. */
export const loadAverage = (): number => os.loadavg()[0] ?? 0;

/** Appends a section (ending with a blank line) to docs/performance.md, creating it if need be. */
export function appendToPerformance(section: string): void {
  const header = fs.existsSync(PERFORMANCE_MD)
    ? ''
    : '# Performance\n\nMeasured figures, newest last. Each section says how it was measured and on what machine.\n\n';
  fs.appendFileSync(PERFORMANCE_MD, `${header}${section.trimEnd()}\n\n`);
  console.log(`appended to ${path.relative(process.cwd(), PERFORMANCE_MD)}`);
}

// ---------------------------------------------------------------- statistics

export interface Stats {
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile (q in 0..1) of unsorted samples. */
export function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export function stats(samples: number[]): Stats {
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: Math.max(...samples) };
}

/** Lower median: with two passes, the better one. */
export const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

/** Milliseconds since a `process.hrtime.bigint()`. */
export const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

export const fmt = (value: number, digits = 1): string => value.toFixed(digits);

/** "0.53x" */
export const times = (value: number, digits = 2): string => `${value.toFixed(digits)}x`;

/** "86 %" */
export const percent = (value: number, digits = 0): string => `${(value * 100).toFixed(digits)} %`;

export const megabytes = (bytes: number, digits = 1): string => `${(bytes / 1e6).toFixed(digits)} MB`;

// ---------------------------------------------------------------- peak RSS

/** Samples this process's RSS every `everyMs` (default 10 ms) between start() and stop(). */
export class RssSampler {
  private peakBytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly everyMs = 10) {}

  start(): this {
    this.peakBytes = process.memoryUsage.rss();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
    return this;
  }

  sample(): void {
    this.peakBytes = Math.max(this.peakBytes, process.memoryUsage.rss());
  }

  /** The highest RSS seen, in bytes. */
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    this.timer = undefined;
    return this.peakBytes;
  }
}

/** The kernel's RSS high-water mark of this process since it started (Linux; 0 elsewhere). */
export function vmHwm(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- summary rows

/** One line of the suite's table: a figure, its baseline from the same run, and the target. */
export interface SummaryRow {
  bench: string;
  /** What was measured, e.g. "p95 POST /api/search/ at 1M (SQLite)". */
  what: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
  /** null: no target for this row (informational). */
  met: boolean | null;
}

export const metText = (met: boolean | null): string => (met === null ? '–' : met ? 'yes' : '**no**');

export function summaryTable(rows: SummaryRow[]): string {
  return [
    '| bench | figure | measured | baseline (same run) | ratio | target | met? |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.bench} | ${row.what} | ${row.figure} | ${row.baseline} | ${row.ratio} | ${row.target} | ${metText(row.met)} |`,
    ),
  ].join('\n');
}

/** Prints the rows as a table for a person, and one JSON line each for `npm run bench`. */
export function printSummary(rows: SummaryRow[]): void {
  console.log(`\n${summaryTable(rows)}\n`);
  for (const row of rows) console.log(`${SUMMARY_PREFIX}${JSON.stringify(row)}`);
}
