#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest.
// Static checks, then unit and API tests (SQLite and PostgreSQL), then the build and the browser tests.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['browser tests', 'npm', ['run', '--silent', 'test:e2e']],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
  const start = Date.now();
  console.log(`\n=== ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    console.log(`=== ${name}: ok (${seconds} s)`);
  } else {
    failed += 1;
    console.log(`=== ${name}: FAILED (${seconds} s)`);
    break;
  }
}
console.log(`\nchecks: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
