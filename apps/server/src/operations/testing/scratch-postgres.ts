import pg from 'pg';
import { DEFAULT_TEST_PG_URL } from '../../test/global-setup.js';

let counter = 0;

/** Test-only: a new, empty PostgreSQL database (like createTestApp's, but without an app on it). */
export async function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
  const name = `mediabox_ops_${process.pid}_${Date.now()}_${counter++}`;
  await withAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function withAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
