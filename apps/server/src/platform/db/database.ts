import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { registerUnicodeLower } from './sqlite-unicode-lower.js';
import { withStatementCache } from './statement-cache.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the data lives, without credentials, for logs and health answers. */
  description: string;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, far below 2^53: read them as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens SQLite (`sqlite:/path/file.sqlite`) or PostgreSQL (`postgres://…`) behind one Kysely handle. */
export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SQLite(file);
  // WAL lets readers work while a writer commits; NORMAL sync is durable across process crashes in WAL mode.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // Unicode lower case for case-insensitive matching, as PostgreSQL's lower() (case-fold.ts).
  registerUnicodeLower(connection);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  return {
    db,
    dialect: 'sqlite',
    description: `sqlite:${file}`,
    close: () => db.destroy(),
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, failover, a dropped test database); pg
  // reports that on the pool, and an unhandled 'error' event would end the process. The pool
  // replaces the connection on the next query, so noting it is enough.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL connection lost: ${err.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `postgres://${parsed.host}${parsed.pathname}`,
    close: () => db.destroy(),
  };
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
