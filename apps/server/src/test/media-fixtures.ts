import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's own copy of the media fixtures (apps/server/test-fixtures/media), never ../shared. */
export const MEDIA_FIXTURES = fileURLToPath(new URL('../../test-fixtures/media/', import.meta.url));

export const fixture = (name: string): string => path.join(MEDIA_FIXTURES, name);

/** File name -> sha256 from the fixtures README's table, so tests compare against the documented value. */
export function documentedSha256s(): Map<string, string> {
  const readme = fs.readFileSync(path.join(MEDIA_FIXTURES, 'README.md'), 'utf8');
  const result = new Map<string, string>();
  for (const match of readme.matchAll(/^\| `([^`]+)` \|.*\| `([0-9a-f]{64})` \|$/gm)) {
    result.set(match[1]!, match[2]!);
  }
  return result;
}

/** Wraps a plain EPS in a DOS EPS binary header (Adobe TN 5002) without preview sections. */
export async function dosEps(epsPath: string): Promise<Buffer> {
  const postscript = await fsp.readFile(epsPath);
  const header = Buffer.alloc(30);
  header.set([0xc5, 0xd0, 0xd3, 0xc6]);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(postscript.length, 8);
  header.writeUInt16LE(0xffff, 28);
  return Buffer.concat([header, postscript]);
}
