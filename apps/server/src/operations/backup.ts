import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import { createBlobStore } from '../platform/storage/index.js';
import { copyBlobs, sqliteBlobBatches, type BlobCopyResult } from './blob-copy.js';
import { localBlobStore } from './blob-stores.js';
import { DATABASE_FILE, fileDigest, writeManifest, type BackupManifest } from './backup-manifest.js';
import { COPIED_TABLES, REBUILT_TABLES } from './data-tables.js';
import { mediaboxVersion } from './mediabox-version.js';
import { OperationError } from './operation-error.js';
import {
  openSqliteFile,
  sqliteExecutedMigrations,
  sqliteRowCount,
  type SqliteConnection,
} from './sqlite-file.js';

export const POSTGRES_BACKUP_ADVICE = `This installation runs on PostgreSQL: back it up with PostgreSQL's own tools
(pg_dump -Fc, or continuous archiving / a managed service's snapshots), and the blobs with the
bucket's versioning or replication. See docs/operations.md, "Backup and restore".`;

export interface BackupOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'storageUrl'>;
  /** The backup directory: must not exist yet, or be empty. */
  to: string;
  now?: () => Date;
  progress?: (message: string) => void;
}

export interface BackupReport {
  dir: string;
  manifest: BackupManifest;
  blobs: BlobCopyResult;
  /** Named by the snapshot and still by the live database, yet not in the blob store: the backup is incomplete. */
  lostBlobs: string[];
  ok: boolean;
}

/**
 * Backs up the embedded installation while it runs: first a consistent snapshot of the SQLite
 * database through SQLite's online backup API (the server keeps reading and writing meanwhile),
 * then every blob the snapshot names. Blobs are immutable and content-addressed, so copying them
 * after the snapshot is consistent: whatever the snapshot names was stored before it was taken.
 * The manifest is written last; a directory without one is an interrupted backup.
 */
export async function backupEmbedded(options: BackupOptions): Promise<BackupReport> {
  const { config } = options;
  const progress = options.progress ?? (() => {});
  if (!config.databaseUrl.startsWith('sqlite:')) throw new OperationError(POSTGRES_BACKUP_ADVICE);
  const liveFile = config.databaseUrl.slice('sqlite:'.length);
  const dir = path.resolve(options.to);

  const live = openSqliteFile(liveFile);
  try {
    await ensureEmptyDirectory(dir);
    const snapshotFile = path.join(dir, DATABASE_FILE);
    // The backup shows the installation as it was when the snapshot began.
    const takenAt = options.now?.() ?? new Date();
    progress(`copying the database ${liveFile}`);
    await live.backup(snapshotFile, {
      // The first step copies 100 pages; then the rest in one step. A write by the server between
      // steps restarts the copy, so few steps keep a busy portal from restarting it over and over.
      progress: ({ totalPages }) => Math.max(totalPages, 100),
    });

    const snapshot = openSqliteFile(snapshotFile);
    let tables: Record<string, number>;
    let migrations: string[];
    let blobs: BlobCopyResult;
    try {
      const check = snapshot.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new OperationError(`The database copy fails SQLite's quick_check: ${String(check)}`);
      }
      tables = Object.fromEntries(
        [...COPIED_TABLES, ...REBUILT_TABLES].map((table) => [table, sqliteRowCount(snapshot, table)]),
      );
      migrations = sqliteExecutedMigrations(snapshot);
      progress(`copying ${tables.blobs} blobs`);
      blobs = await copyBlobs(
        sqliteBlobBatches(snapshot),
        createBlobStore(config),
        localBlobStore(dir),
        (done) =>
          progress(`blobs: ${done.copied + done.alreadyThere + done.missing.length} of ${tables.blobs}`),
      );
    } finally {
      snapshot.close();
    }

    // A blob can be deleted after the snapshot (an expired bundle's cleanup drops its rows, then its
    // files). If the live database has dropped its row too, nothing live needs it: not a loss.
    const stillNamed = new Set(namedByLiveDatabase(live, blobs.missing));
    const lostBlobs = blobs.missing.filter((sha256) => stillNamed.has(sha256));
    const goneSinceSnapshot = blobs.missing.filter((sha256) => !stillNamed.has(sha256));

    const digest = await fileDigest(snapshotFile);
    const manifest: BackupManifest = {
      format: 'mediabox-backup',
      formatVersion: 1,
      createdAt: takenAt.toISOString(),
      mediaboxVersion: mediaboxVersion(),
      migrations,
      database: { file: DATABASE_FILE, bytes: digest.bytes, sha256: digest.sha256 },
      tables,
      blobs: {
        count: blobs.copied + blobs.alreadyThere,
        bytes: blobs.bytesPresent,
        goneSinceSnapshot,
        missing: [...lostBlobs, ...blobs.corrupt].sort(),
      },
    };
    const ok = manifest.blobs.missing.length === 0;
    // A backup that lost blobs is still worth keeping (its database is complete), but it says so:
    // in the manifest, the output and the exit code.
    await writeManifest(dir, manifest);
    return { dir, manifest, blobs, lostBlobs, ok };
  } finally {
    live.close();
  }
}

async function ensureEmptyDirectory(dir: string): Promise<void> {
  const entries = await fsp.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length > 0) throw new OperationError(`${dir} is not empty: back up into a new directory`);
  await fsp.mkdir(dir, { recursive: true });
}

function namedByLiveDatabase(live: SqliteConnection, sha256s: string[]): string[] {
  if (sha256s.length === 0) return [];
  const named = live.prepare('select 1 from blobs where sha256 = ?').pluck();
  return sha256s.filter((sha256) => named.get(sha256) !== undefined);
}
