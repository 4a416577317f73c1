import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { OperationError } from './operation-error.js';

export type SqliteConnection = SQLite.Database;

/**
 * Opens an existing SQLite file with better-sqlite3 directly (not through Kysely): the operations
 * need its online backup API, pragmas and synchronous batch reads. Never creates a file: a mistyped
 * path must fail, not back up or migrate an empty database.
 */
export function openSqliteFile(file: string): SqliteConnection {
  if (!fs.existsSync(file)) throw new OperationError(`No SQLite database at ${file}`);
  const connection = new SQLite(file, { fileMustExist: true });
  // The server may be writing (WAL): wait for its short write locks instead of failing.
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/** The tables of the file (virtual FTS5 tables and their shadow tables included). */
export function sqliteTables(connection: SqliteConnection): string[] {
  const rows = connection
    .prepare(`select name from sqlite_master where type = 'table' order by name`)
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

export function sqliteColumns(connection: SqliteConnection, table: string): string[] {
  const rows = connection.prepare('select name from pragma_table_info(?) order by cid').all(table) as {
    name: string;
  }[];
  return rows.map((row) => row.name);
}

/** The tables that `table`'s foreign keys point to. */
export function sqliteForeignKeyTargets(connection: SqliteConnection, table: string): string[] {
  const rows = connection.prepare('select "table" from pragma_foreign_key_list(?)').all(table) as {
    table: string;
  }[];
  return [...new Set(rows.map((row) => row.table))];
}

export function sqliteRowCount(connection: SqliteConnection, table: string): number {
  const row = connection.prepare(`select count(*) as n from ${quoteIdentifier(table)}`).get() as {
    n: number;
  };
  return row.n;
}

/** The migrations run on the file, oldest first ([] for a file that never ran one). */
export function sqliteExecutedMigrations(connection: SqliteConnection): string[] {
  if (!sqliteTables(connection).includes(DEFAULT_MIGRATION_TABLE)) return [];
  const rows = connection.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`).all() as {
    name: string;
  }[];
  return rows.map((row) => row.name);
}

/**
 * The highest id AUTOINCREMENT ever handed out per table. It can be above max(id) (rows deleted):
 * the target's sequences start past it, so an id is never given twice, as on SQLite.
 */
export function sqliteSequences(connection: SqliteConnection): Map<string, number> {
  if (!sqliteTables(connection).includes('sqlite_sequence')) return new Map();
  const rows = connection.prepare('select name, seq from sqlite_sequence').all() as {
    name: string;
    seq: number;
  }[];
  return new Map(rows.map((row) => [row.name, row.seq]));
}

/** "name" with inner quotes doubled; table names come from sqlite_master, never from users. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
