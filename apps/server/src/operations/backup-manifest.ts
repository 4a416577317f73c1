import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { OperationError } from './operation-error.js';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'mediabox.sqlite';

/**
 * What a backup directory holds, written last: a directory without it is an interrupted backup,
 * and restore refuses it. Counts and checksums let restore verify the copy before using it.
 */
export const BackupManifest = z.object({
  format: z.literal('mediabox-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  mediaboxVersion: z.string(),
  /** Migrations the database had run: a newer version's backup is refused by an older one. */
  migrations: z.array(z.string()),
  database: z.object({ file: z.string(), bytes: z.number(), sha256: z.string() }),
  /** Rows per table (copied and search tables). */
  tables: z.record(z.string(), z.number()),
  blobs: z.object({
    count: z.number(),
    bytes: z.number(),
    /**
     * Named by the snapshot but deleted from the live installation before they were copied (an
     * expired bundle's cleanup, say): the live database no longer has them either.
     */
    goneSinceSnapshot: z.array(z.string()),
    /** Named by the live database too, yet absent from (or damaged in) the blob store: not in this backup. */
    missing: z.array(z.string()),
  }),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  // Written aside and renamed: a crash never leaves a half manifest that looks like a finished backup.
  await fsp.writeFile(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  await fsp.rename(`${file}.tmp`, file);
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  const text = await fsp.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) {
    throw new OperationError(`${dir} is not a finished Mediabox backup (no ${MANIFEST_FILE})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OperationError(`${file} is not valid JSON`);
  }
  const result = BackupManifest.safeParse(parsed);
  if (!result.success) throw new OperationError(`${file} is not a Mediabox backup manifest`);
  return result.data;
}

/** sha256 and size of a file, streamed. */
export async function fileDigest(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}
