import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import { MIGRATION_NAMES } from './migrate.js';

export interface MigrationState {
  /** Shipped by this version, not yet run on the database (a start or `mediabox migrate` runs them). */
  pending: string[];
  /** Run on the database but unknown to this version: a newer version migrated it. */
  unknown: string[];
}

/**
 * Compares the database's migration table with the migrations this version ships. Reads the table
 * directly rather than through Kysely's Migrator, whose introspection lists every column of every
 * table: readiness asks this every few seconds on every instance.
 */
export async function migrationState(db: Kysely<unknown>): Promise<MigrationState> {
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return compareMigrations(rows.map((row) => row.name));
}

/** The same comparison for names read some other way (a SQLite file opened without Kysely). */
export function compareMigrations(executedNames: string[]): MigrationState {
  const executed = new Set(executedNames);
  const known = new Set(MIGRATION_NAMES);
  return {
    pending: MIGRATION_NAMES.filter((name) => !executed.has(name)),
    unknown: [...executed].filter((name) => !known.has(name)).sort(),
  };
}
