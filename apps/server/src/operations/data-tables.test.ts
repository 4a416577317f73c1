import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DialectName } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { TEST_DIALECTS } from '../test/test-app.js';
import { COPIED_TABLES, REBUILT_TABLES, tableRole } from './data-tables.js';
import { migrateData } from './migrate-data.js';
import { createScratchPostgres } from './testing/scratch-postgres.js';
import {
  openSqliteFile,
  sqliteForeignKeyTargets,
  sqliteTables,
  type SqliteConnection,
} from './sqlite-file.js';

/** The tables of a freshly migrated database of each kind. */
async function freshTables(dialect: DialectName, dir: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const file = path.join(dir, `fresh-${Date.now()}.sqlite`);
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    await handle.close();
    const connection = openSqliteFile(file);
    try {
      return sqliteTables(connection);
    } finally {
      connection.close();
    }
  }
  const scratch = await createScratchPostgres();
  const handle = openDatabase(scratch.url);
  try {
    await migrateToLatest(handle);
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db);
    return rows.map((row) => row.table_name);
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

describe('the tables backup, restore and migrate-data know', () => {
  let dir: string;
  let source: SqliteConnection;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-tables-'));
    const file = path.join(dir, 'schema.sqlite');
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    await handle.close();
    source = openSqliteFile(file);
  });
  afterAll(async () => {
    source.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  // A table added by a later migration fails here until data-tables.ts says what happens to it.
  it.each(TEST_DIALECTS)(
    'knows every table of a freshly migrated %s schema, and lists none that is not there',
    async (dialect) => {
      const tables = await freshTables(dialect, dir);
      expect(tables.filter((table) => tableRole(table) === 'unknown')).toEqual([]);
      for (const table of [...COPIED_TABLES, ...REBUILT_TABLES]) expect(tables, table).toContain(table);
    },
  );

  it('copies each table after every table its foreign keys point to', () => {
    COPIED_TABLES.forEach((table, position) => {
      const earlier = new Set<string>(COPIED_TABLES.slice(0, position + 1));
      for (const parent of sqliteForeignKeyTargets(source, table)) {
        expect(earlier.has(parent), `${table} -> ${parent}`).toBe(true);
      }
    });
    // Only rows of copied tables may be pointed to: a key into a rebuilt table would dangle.
    const pointedTo = COPIED_TABLES.flatMap((table) => sqliteForeignKeyTargets(source, table));
    expect(pointedTo.filter((table) => tableRole(table) !== 'copied')).toEqual([]);
  });

  it('refuses to migrate a source with a table it does not know, before touching the target', async () => {
    const file = path.join(dir, 'extended.sqlite');
    await fs.copyFile(path.join(dir, 'schema.sqlite'), file);
    const extended = openSqliteFile(file);
    extended.exec('create table wishlist (user_id integer, asset_id integer)');
    extended.close();
    // The target is never reached: nothing listens on port 1.
    await expect(
      migrateData({ from: `sqlite:${file}`, to: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow('The source has tables migrate-data does not know: wishlist');
  });

  it('refuses a source whose schema is behind this version', async () => {
    const file = path.join(dir, 'behind.sqlite');
    await fs.copyFile(path.join(dir, 'schema.sqlite'), file);
    const behind = openSqliteFile(file);
    behind.exec(`delete from kysely_migration where name = (select max(name) from kysely_migration)`);
    behind.close();
    await expect(
      migrateData({ from: `sqlite:${file}`, to: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow(/schema is behind this version \(pending: \d{8}-\d{4}-[a-z-]+\)/);
  });
});
