import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/empty-database.js';
import { describeEachDatabase } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../migrate.js';
import * as countryRoots from './20261126-0015-country-roots.js';

/**
 * Germany, Austria and Switzerland are rows of every database (issue 16): a new one gets them from
 * 20261126-0015, and one that has them already (the demo, an import) migrates without a change.
 */
const nodes = (db: DatabaseHandle['db']) =>
  db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'root_id', 'name_de', 'name_en', 'name_fr', 'created_at'])
    .orderBy('id')
    .execute();

describeEachDatabase('country roots migration', (dialect) => {
  it('gives a new database the three country roots, named in German, English and French', async () => {
    const handle = await emptyDatabase(dialect);
    await migrateToLatest(handle);
    expect((await nodes(handle.db)).map(({ created_at: _, ...node }) => node)).toEqual([
      {
        id: 1,
        parent_id: null,
        root_id: 1,
        name_de: 'Deutschland',
        name_en: 'Germany',
        name_fr: 'Allemagne',
      },
      {
        id: 123,
        parent_id: null,
        root_id: 123,
        name_de: 'Österreich',
        name_en: 'Austria',
        name_fr: 'Autriche',
      },
      {
        id: 658,
        parent_id: null,
        root_id: 658,
        name_de: 'Schweiz',
        name_en: 'Switzerland',
        name_fr: 'Suisse',
      },
    ]);
    if (dialect === 'postgres') {
      // Each root has its search partition before its first document (20261122-0013).
      const partitions = await sql<{ name: string }>`select relname as name from pg_class
        where relname like 'search_fts_%' and relkind = 'r' order by relname`.execute(handle.db);
      expect(partitions.rows.map((row) => row.name)).toEqual([
        'search_fts_1',
        'search_fts_123',
        'search_fts_658',
      ]);
    }
  });

  it('keeps the roots a database has already, as they are, and their branches', async () => {
    const handle = await emptyDatabase(dialect);
    const db = handle.db;
    const before = MIGRATION_NAMES.filter((name) => name < '20261126-0015-country-roots');
    const shipped = Object.fromEntries(
      await Promise.all(
        before.map(async (name): Promise<[string, Migration]> => [
          name,
          (await import(`./${name}.js`)) as Migration,
        ]),
      ),
    );
    const old = new Migrator({ db, provider: { getMigrations: async () => shipped } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    // As an earlier import left them: Germany renamed by its operator, a category under it, no Switzerland.
    const at = Date.UTC(2026, 0, 5);
    const row = (id: number, parent: number | null, root: number, de: string) => ({
      id,
      parent_id: parent,
      root_id: root,
      name_de: de,
      name_en: de,
      name_fr: de,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('nodes')
      .values([
        row(1, null, 1, 'Deutschland (DE)'),
        row(123, null, 123, 'Österreich'),
        row(2, 1, 1, 'Kaffee'),
      ])
      .execute();

    expect(await migrateToLatest(handle)).toEqual(MIGRATION_NAMES.filter((name) => !before.includes(name)));
    const after = await nodes(db);
    expect(after.map((node) => [node.id, node.name_de, node.created_at === at])).toEqual([
      [1, 'Deutschland (DE)', true],
      [2, 'Kaffee', true],
      [123, 'Österreich', true],
      [658, 'Schweiz', false],
    ]);

    // Reverting takes back only what nothing hangs on: Germany keeps its category, so it stays.
    await countryRoots.down(db as unknown as Kysely<unknown>);
    expect((await nodes(db)).map((node) => node.id)).toEqual([1, 2]);
  });
});
