import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../platform/db/database.js';
import type { TestApp } from './test-app.js';

/**
 * Test-only: one hash per table over all its rows, so a test can prove that a refused or hostile
 * request changed nothing anywhere — not only in the table it expected to be touched.
 * Rows are ordered by their text, so the hash does not depend on the scan order.
 * The fuzz suites take two per request, thousands of times: the table list is read once per
 * database, and PostgreSQL hashes every table in one round trip.
 */
export async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const database = t.context.database;
  const tables = await tableNames(database);
  return database.dialect === 'postgres' ? hashedOnServer(database, tables) : hashedHere(database, tables);
}

const tablesOf = new WeakMap<DatabaseHandle, Promise<string[]>>();

/** The tables, read once per database (tests do not change the schema after migrating). */
function tableNames(database: DatabaseHandle): Promise<string[]> {
  let names = tablesOf.get(database);
  if (!names) {
    names = database.db.introspection.getTables().then((tables) =>
      tables
        .map((table) => table.name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort(),
    );
    tablesOf.set(database, names);
  }
  return names;
}

async function hashedOnServer(database: DatabaseHandle, tables: string[]): Promise<Record<string, string>> {
  const perTable = tables.map(
    (table) =>
      sql<{ name: string; rows: number; hash: string }>`select ${table} as name, count(*)::int as rows,
        md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as hash
        from ${sql.table(table)} r`,
  );
  const { rows } = await sql<{
    name: string;
    rows: number;
    hash: string;
  }>`${sql.join(perTable, sql` union all `)}`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

async function hashedHere(database: DatabaseHandle, tables: string[]): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_, value: unknown) => normalise(value))).sort();
    fingerprint[table] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return fingerprint;
}

/** bigint and Buffer are not JSON. */
function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
