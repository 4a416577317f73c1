import { sql, type Kysely } from 'kysely';

/**
 * Test-only: every row of a table in a canonical order (by the JSON of the row, keys sorted), so
 * the same rows read from SQLite and PostgreSQL compare equal whatever order each returns them in.
 */
export async function canonicalRows(db: Kysely<unknown>, table: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const keyed = rows.map((row) => {
    const sorted = Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));
    return { json: JSON.stringify(sorted), row: sorted };
  });
  keyed.sort((a, b) => (a.json < b.json ? -1 : a.json > b.json ? 1 : 0));
  return keyed.map((item) => item.row);
}
