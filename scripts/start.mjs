/**
 * `npm start`: builds the portal when its sources changed since the last build, then runs the
 * server in this very process (no second Node.js to start, signals reach it directly).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent, currentStamp, recordBuild } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = currentStamp(root);

if (buildIsCurrent(root, stamp)) {
  console.log('Build is up to date (sources unchanged since the last build).');
} else {
  console.log('Building the portal (sources changed since the last build, or none was made yet)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild(root, stamp);
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
