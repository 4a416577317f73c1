import fs from 'node:fs';
import path from 'node:path';

/** The full path of an executable program found on PATH, as execFile would find it; undefined if none. */
export function findOnPath(program: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

let installed: boolean | undefined;

/**
 * Whether Ghostscript (`gs`) is installed, looked up once per process: EPS previews need it, and
 * without it they become placeholders (eps-placeholder.ts) until a start that finds it.
 */
export function ghostscriptInstalled(): boolean {
  installed ??= findOnPath('gs') !== undefined;
  return installed;
}

/** Said once in the log at start and in /api/ready's answer (the admin page says it in the user's language). */
export const GHOSTSCRIPT_MISSING =
  'Ghostscript is not installed: EPS previews are placeholders; install the ghostscript package';
