import path from 'node:path';
import type { Kysely } from 'kysely';
import { createSearchIndex } from '../modules/search/search-index-factory.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { copyBlobs, sqliteBlobBatches, type BlobCopyResult } from './blob-copy.js';
import { blobStoreFromUrl, localBlobStore } from './blob-stores.js';
import { COPIED_TABLES, REBUILT_TABLES, tableRole } from './data-tables.js';
import { compareMigrations } from '../platform/db/migration-state.js';
import { OperationError } from './operation-error.js';
import { deleteMigrationRows, postgresHasContent } from './migration-rows.js';
import { postgresColumns, postgresRowCount, resetSequences, type SequenceReset } from './postgres-target.js';
import {
  openSqliteFile,
  sqliteColumns,
  sqliteExecutedMigrations,
  sqliteRowCount,
  sqliteSequences,
  sqliteTables,
  type SqliteConnection,
} from './sqlite-file.js';
import { copyTable } from './table-copy.js';

export interface MigrateDataOptions {
  /** `sqlite:PATH` of the embedded installation (stopped, or at least idle). */
  from: string;
  /** `postgres://…` of an empty database (its schema may exist: migrations run first). */
  to: string;
  /** `s3://bucket?endpoint=…` or `file:DIR`; without it blobs stay where they are. */
  blobsTo?: string;
  /** The embedded DATA_DIR whose blobs/ to copy; defaults to the folder of the SQLite file. */
  blobsFrom?: string;
  progress?: (message: string) => void;
  /** Rows per insert; the default suits production, tests make it small to cross batch boundaries. */
  batchRows?: number;
}

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface MigrateDataReport {
  tables: TableCount[];
  sequences: SequenceReset[];
  /** Search documents on the target after the rebuild. */
  searchDocuments: number;
  blobs?: BlobCopyResult & { target: string };
  /** Every count matches and every blob is in the target store. */
  ok: boolean;
}

/**
 * Moves an embedded installation (SQLite + local blobs) to the scale-out setup (PostgreSQL + a
 * shared blob store): migrates the target, refuses one that holds data, copies every table in
 * foreign-key order inside one transaction (a failure leaves the target empty, so running it again
 * is safe), moves the sequences past the copied ids, rebuilds the search index, copies the blobs
 * and compares counts at the end.
 */
export async function migrateData(options: MigrateDataOptions): Promise<MigrateDataReport> {
  const progress = options.progress ?? (() => {});
  if (!options.from.startsWith('sqlite:')) throw new OperationError('--from must be sqlite:PATH');
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new OperationError('--to must be postgres://…');
  const sourceFile = path.resolve(options.from.slice('sqlite:'.length));
  const blobTarget = options.blobsTo === undefined ? undefined : blobStoreFromUrl(options.blobsTo);

  const source = openSqliteFile(sourceFile);
  try {
    checkSource(source);
    const target = openDatabase(options.to);
    try {
      progress(`migrating the schema of ${target.description}`);
      await migrateToLatest(target);
      const db = target.db as unknown as Kysely<unknown>;
      await checkTargetEmpty(db);
      const columns = await matchingColumns(source, db);

      // One read transaction on the source throughout: rows, blobs and the final counts all come
      // from the same moment, even if someone starts the embedded server meanwhile.
      source.exec('begin');
      try {
        const sequences = await db.transaction().execute(async (trx) => {
          await deleteMigrationRows(trx);
          for (const table of COPIED_TABLES) {
            const rows = await copyTable(source, trx, table, columns.get(table)!, options.batchRows);
            progress(`copied ${rows} rows of ${table}`);
          }
          return resetSequences(trx, COPIED_TABLES, sqliteSequences(source));
        });

        progress('rebuilding the search index');
        await createSearchIndex(target).rebuild();
        const searchDocuments = await postgresRowCount(db, 'search_documents');

        let blobs: MigrateDataReport['blobs'];
        if (blobTarget) {
          const blobSource = localBlobStore(path.resolve(options.blobsFrom ?? path.dirname(sourceFile)));
          progress(`copying blobs to ${blobTarget.description}`);
          const result = await copyBlobs(sqliteBlobBatches(source), blobSource, blobTarget.store, (done) =>
            progress(
              `blobs: ${done.copied} copied, ${done.alreadyThere} already there, of ${done.total} so far`,
            ),
          );
          blobs = { ...result, target: blobTarget.description };
        }

        const tables: TableCount[] = [];
        for (const table of COPIED_TABLES) {
          tables.push({
            table,
            source: sqliteRowCount(source, table),
            target: await postgresRowCount(db, table),
          });
        }
        const ok =
          tables.every((count) => count.source === count.target) &&
          (!blobs || blobs.copied + blobs.alreadyThere === sqliteRowCount(source, 'blobs'));
        return { tables, sequences, searchDocuments, blobs, ok };
      } finally {
        source.exec('commit');
      }
    } finally {
      await target.close();
    }
  } finally {
    source.close();
  }
}

/** The source must be at this version's schema and hold no table this version cannot place. */
function checkSource(source: SqliteConnection): void {
  const { pending, unknown } = compareMigrations(sqliteExecutedMigrations(source));
  if (unknown.length > 0) {
    throw new OperationError(
      `The source was migrated by a newer Mediabox (${unknown.join(', ')}): use that version`,
    );
  }
  if (pending.length > 0) {
    throw new OperationError(
      `The source's schema is behind this version (pending: ${pending.join(', ')}): start the embedded server once, ` +
        'or run `mediabox migrate` with its DATA_DIR, then try again',
    );
  }
  const strange = sqliteTables(source).filter((table) => tableRole(table) === 'unknown');
  if (strange.length > 0) {
    throw new OperationError(`The source has tables migrate-data does not know: ${strange.join(', ')}`);
  }
}

async function checkTargetEmpty(db: Kysely<unknown>): Promise<void> {
  const filled: string[] = [];
  for (const table of [...COPIED_TABLES, ...REBUILT_TABLES]) {
    if (await postgresHasContent(db, table)) filled.push(table);
  }
  if (filled.length > 0) {
    throw new OperationError(
      `The target database is not empty (${filled.join(', ')}): migrate-data only fills a new, empty database`,
    );
  }
}

/** Both schemas come from the same migrations; a difference means a mismatch of versions, found before copying. */
async function matchingColumns(
  source: SqliteConnection,
  db: Kysely<unknown>,
): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  for (const table of COPIED_TABLES) {
    const fromColumns = sqliteColumns(source, table);
    const toColumns = await postgresColumns(db, table);
    const same =
      fromColumns.length === toColumns.length && fromColumns.every((column) => toColumns.includes(column));
    if (!same) {
      throw new OperationError(
        `Table ${table} differs: source (${fromColumns.join(', ')}), target (${toColumns.join(', ')})`,
      );
    }
    columns.set(table, fromColumns);
  }
  return columns;
}
