import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialFile {
  /** Relative to the build folder (`assets/index-….js`). */
  file: string;
  bytes: number;
  /** gzip at zlib's default level. */
  gzip: number;
}

/**
 * The JavaScript a first visit downloads before anything shows: the scripts and modulepreloads of
 * the built index.html in `distDir`. The build's budget (initial-js-budget.ts) and `npm run
 * bench:web` both measure it here.
 */
export function initialJavaScript(distDir: string): InitialFile[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g))
    files.add(match[1]!);
  return [...files].map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
}
