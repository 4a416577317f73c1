import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/**
 * Test-only: one hash per table over all its rows, so a test can prove that a refused or hostile
 * request changed nothing anywhere — not only in the table it expected to be touched.
 * Rows are ordered by their JSON text, so the hash does not depend on the scan order.
 */
export async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const db = t.context.database.db;
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  const fingerprint: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((row) => JSON.stringify(row, (_, value: unknown) => normalise(value))).sort();
    fingerprint[table] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return fingerprint;
}

/** bigint and Buffer are not JSON; dates come back as Date on PostgreSQL. */
function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
