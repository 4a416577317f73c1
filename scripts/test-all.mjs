#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest.
// Static checks (side by side: each is one single-threaded process, the machines have two cores),
// then unit and API tests (SQLite and PostgreSQL, crash and load tests included), then the build
// and the browser tests. `npm test -- lint browser` runs only the steps whose names contain a word.
import { spawn } from 'node:child_process';

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

/** Runs one step; a step that shares its stage with others prints its output when it ends, in one piece. */
function run([name, command, args], alone) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : 'pipe', env: process.env });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      if (!alone) console.log(`\n=== ${name}\n${output.trimEnd()}`);
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
  if (steps.length === 1) console.log(`\n=== ${steps[0][0]}`);
  const results = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  passed += results.filter(Boolean).length;
  failed += results.filter((ok) => !ok).length;
  if (failed > 0) break;
}
console.log(`\nchecks: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
