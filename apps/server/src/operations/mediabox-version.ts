import fs from 'node:fs';

/** The server package's version: from src/operations or dist/operations, package.json is two levels up. */
export function mediaboxVersion(): string {
  try {
    const file = new URL('../../package.json', import.meta.url);
    const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    // A bundle without package.json still backs up; the manifest just cannot name the version.
    return 'unknown';
  }
}
