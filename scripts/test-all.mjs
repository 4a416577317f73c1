#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest.
// Stage 1: the static checks, side by side (each is one single-threaded process; the machines have
// two cores). Stage 2: the unit and API tests (SQLite and PostgreSQL, crash and load tests included),
// on both cores. Stage 3: the build and the browser tests. Stages 2 and 3 once ran side by side, on
// the belief that the browser tests only wait; with 43 journeys they do not: beside the unit tests a
// journey took 3-5 times as long (orders 17 s alone, 60 s beside them) and a CI run took 35 minutes,
// one after the other they take 13 (docs/performance.md "Test suite", 2026-11-28).
// `npm test -- lint browser` runs only the steps whose names contain a word.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const stages = [
  [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    ['format', 'npm', ['run', '--silent', 'format:check']],
    ['imports', 'npm', ['run', '--silent', 'check:imports']],
  ],
  [['unit and API tests', 'npx', ['vitest', 'run']]],
  [['browser tests', 'npm', ['run', '--silent', 'test:e2e']]],
];

/** Steps that run longer than this stream their output with a prefix; shorter ones print it in one piece at the end. */
const STREAMED = new Set(['unit and API tests', 'browser tests']);

/** Runs one step. Alone it owns the terminal; beside others its lines are prefixed or held until it ends. */
function run([name, command, args], alone) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : 'pipe', env: process.env });
    let held = '';
    const streamed = !alone && STREAMED.has(name);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      if (streamed)
        readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
      else stream.on('data', (chunk) => (held += chunk));
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      if (!alone && !streamed) console.log(`\n=== ${name}\n${held.trimEnd()}`);
      console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const stage of stages) {
  const steps = stage.filter(([name]) => only.length === 0 || only.some((word) => name.includes(word)));
  if (steps.length === 0) continue;
  console.log(`\n=== ${steps.map(([name]) => name).join(' + ')}`);
  const results = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  passed += results.filter(Boolean).length;
  failed += results.filter((ok) => !ok).length;
  if (failed > 0) break;
}
console.log(`\nchecks: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
