import pg from 'pg';

/**
 * API tests run on SQLite and on PostgreSQL. PostgreSQL is expected on 127.0.0.1:5432 (the project's
 * machines and CI have it); each test file creates and drops its own database there.
 * Set MEDIABOX_TEST_PG=off to run the SQLite half alone on a machine without PostgreSQL.
 */
export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function setup(): Promise<void> {
  if (process.env.MEDIABOX_TEST_PG === 'off') return;
  const url = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(err as Error).message}). Start it, set TEST_PG_URL, or set MEDIABOX_TEST_PG=off to skip the PostgreSQL half.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
