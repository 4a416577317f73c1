import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Column helpers for migrations that must create the same schema on SQLite and PostgreSQL.
 * The dialect is read from the adapter so migrations need no extra argument.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key. */
export function serialPrimaryKey(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`serial primary key` : sql`integer primary key autoincrement`;
}
