import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import { createBlobStore } from '../platform/storage/index.js';
import { copyBlobs, sqliteBlobBatches, type BlobCopyResult } from './blob-copy.js';
import { localBlobStore } from './blob-stores.js';
import { fileDigest, readManifest, type BackupManifest } from './backup-manifest.js';
import { compareMigrations } from '../platform/db/migration-state.js';
import { OperationError } from './operation-error.js';
import { openSqliteFile, sqliteRowCount } from './sqlite-file.js';

export interface RestoreOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'storageUrl'>;
  /** A directory written by `mediabox backup`. */
  from: string;
  /** Replace the database of a non-empty DATA_DIR. */
  force?: boolean;
  progress?: (message: string) => void;
}

export interface RestoreReport {
  databaseFile: string;
  manifest: BackupManifest;
  blobs: BlobCopyResult;
}

/**
 * Restores a backup into the embedded installation of the configuration (stop the server first).
 * Everything is checked before anything is replaced: the manifest, the database file's checksum,
 * SQLite's quick_check and the row counts of a private copy. Blobs go into the configured store
 * first (verified by their hash as they are stored); the database is moved into place last, in one
 * rename, so an interrupted restore leaves the old database untouched.
 */
export async function restoreEmbedded(options: RestoreOptions): Promise<RestoreReport> {
  const { config } = options;
  const progress = options.progress ?? (() => {});
  if (!config.databaseUrl.startsWith('sqlite:')) {
    throw new OperationError(
      'restore fills an embedded (SQLite) installation. For PostgreSQL use pg_restore, or move a backup ' +
        'there with: mediabox migrate-data --from sqlite:BACKUP/mediabox.sqlite --to postgres://…',
    );
  }
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const unknown = compareMigrations(manifest.migrations).unknown;
  if (unknown.length > 0) {
    throw new OperationError(
      `The backup comes from a newer Mediabox (migrations ${unknown.join(', ')}): restore it with that version`,
    );
  }
  const backupFile = path.join(from, manifest.database.file);
  const digest = await fileDigest(backupFile).catch(() => undefined);
  if (!digest || digest.sha256 !== manifest.database.sha256 || digest.bytes !== manifest.database.bytes) {
    throw new OperationError(`${backupFile} is missing or does not match the manifest's checksum`);
  }

  const target = path.resolve(config.databaseUrl.slice('sqlite:'.length));
  if (!options.force && (await hasContent(config.dataDir, target))) {
    throw new OperationError(
      `${config.dataDir} is not empty: restore replaces its database, so it needs --force (stop the server first)`,
    );
  }

  await fsp.mkdir(path.dirname(target), { recursive: true });
  // Checked and read from a private copy next to the target, which the final rename moves into place.
  const staged = `${target}.restoring-${process.pid}`;
  await fsp.copyFile(backupFile, staged);
  try {
    await syncFile(staged);
    const copy = openSqliteFile(staged);
    let blobs: BlobCopyResult;
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new OperationError(`The backed-up database fails quick_check: ${String(check)}`);
      }
      const wrong = Object.entries(manifest.tables).filter(([table, n]) => sqliteRowCount(copy, table) !== n);
      if (wrong.length > 0) {
        throw new OperationError(
          `Row counts differ from the manifest: ${wrong.map(([table]) => table).join(', ')}`,
        );
      }
      progress(`restoring ${manifest.tables.blobs ?? 0} blobs`);
      blobs = await copyBlobs(sqliteBlobBatches(copy), localBlobStore(from), createBlobStore(config));
    } finally {
      copy.close();
    }
    // Blobs the backup itself records as deleted from the live installation are expected to be absent.
    const gone = new Set(manifest.blobs.goneSinceSnapshot);
    const lost = blobs.missing.filter((sha256) => !gone.has(sha256));
    if (lost.length > 0 || blobs.corrupt.length > 0) {
      throw new OperationError(
        `The backup's blobs are incomplete: ${lost.length} missing, ${blobs.corrupt.length} damaged ` +
          `(first: ${[...lost, ...blobs.corrupt][0]}). The database was not replaced (blobs stored so far stay: ` +
          'unnamed blobs are harmless).',
      );
    }

    // A WAL or shared-memory file of the old database would be applied to the restored one: remove them first.
    for (const suffix of ['-wal', '-shm', '-journal']) await fsp.rm(`${target}${suffix}`, { force: true });
    await fsp.rename(staged, target);
    progress(`restored the database to ${target}`);
    return { databaseFile: target, manifest, blobs };
  } finally {
    await fsp.rm(staged, { force: true });
    for (const suffix of ['-wal', '-shm']) await fsp.rm(`${staged}${suffix}`, { force: true });
  }
}

/** DATA_DIR holds anything, or the database file (which may live elsewhere) exists. */
async function hasContent(dataDir: string, databaseFile: string): Promise<boolean> {
  const entries = await fsp.readdir(dataDir).catch(() => []);
  if (entries.length > 0) return true;
  return fsp.stat(databaseFile).then(
    () => true,
    () => false,
  );
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
