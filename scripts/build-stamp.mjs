/**
 * A stamp of everything the production build reads, so `npm start` rebuilds only when one of those
 * inputs changed since the last build (issue 16: a restart listens within 3 s).
 *
 * The stamp is a SHA-256 over the path and content of every input file: content, not modification
 * times, so a `git checkout` that rewrites files without changing them costs no rebuild, and a
 * changed file is never missed because its clock went backwards. Test files are inputs too; hashing
 * them costs a few milliseconds and spares a list of exclusions that could drift from the tsconfigs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders and files whose content the build reads (relative to the repository root). */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'packages/contract/tsconfig.build.json',
  'packages/contract/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'apps/server/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'apps/web/src',
];

/** What the build writes; a stamp is only trusted while all of these exist. */
export const BUILD_OUTPUTS = [
  'packages/contract/dist',
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
];

const STAMP_FILE = 'node_modules/.cache/mediabox/build-stamp';

function filesUnder(root, relative) {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) return filesUnder(root, child);
      return entry.isFile() ? [child] : [];
    });
}

/** The stamp of the build inputs as they are now. */
export function currentStamp(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\n`);
  for (const file of INPUTS.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** True when the last build was made from exactly these inputs and its outputs are still there. */
export function buildIsCurrent(root, stamp) {
  const stampPath = path.join(root, STAMP_FILE);
  if (!fs.existsSync(stampPath)) return false;
  if (!BUILD_OUTPUTS.every((output) => fs.existsSync(path.join(root, output)))) return false;
  return fs.readFileSync(stampPath, 'utf8').trim() === stamp;
}

/** Records that the build now on disk was made from the inputs with this stamp. */
export function recordBuild(root, stamp) {
  const stampPath = path.join(root, STAMP_FILE);
  fs.mkdirSync(path.dirname(stampPath), { recursive: true });
  fs.writeFileSync(stampPath, `${stamp}\n`);
}
