import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createSearchIndex } from '../../../modules/search/search-index-factory.js';
import { insertCatalogue } from '../../../modules/search/testing/search-catalogue.js';
import { createScratchPostgres } from '../../../operations/testing/scratch-postgres.js';
import { TEST_DIALECTS } from '../../../test/test-app.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../migrate.js';
import * as searchByRoot from './20261122-0013-search-by-root.js';

/**
 * An indexed PostgreSQL database upgrades in place: 20261122-0013 moves the rows into one
 * partition per root, search answers as before, and reverting puts them back in one table.
 */
let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

it.runIf(TEST_DIALECTS.includes('postgres'))(
  'partitions an indexed search table by root, keeping its rows, and reverts',
  async () => {
    const scratch = await createScratchPostgres();
    const handle: DatabaseHandle = openDatabase(scratch.url);
    cleanup = async () => {
      await handle.close();
      await scratch.drop();
    };
    const db = handle.db;
    const tables = async () =>
      (
        await sql<{ name: string }>`select relname as name from pg_class
          where relname = 'search_documents' or relname like 'search_fts_%' and relkind in ('r', 'p')
          order by relname`.execute(db)
      ).rows.map((row) => row.name);

    // Everything before 0013, as a running installation has it, with an indexed catalogue.
    const before = MIGRATION_NAMES.filter((name) => name < '20261122-0013-search-by-root');
    const migrations = Object.fromEntries(
      await Promise.all(
        before.map(async (name): Promise<[string, Migration]> => [
          name,
          (await import(`./${name}.js`)) as Migration,
        ]),
      ),
    );
    const old = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    const ids = await insertCatalogue(db);
    // Documents as the unpartitioned layout held them, one under a root no country list knows.
    await sql`insert into search_documents (asset_id, root_id, document)
      select id, root_id, to_tsvector('simple', lower(name_de)) from assets`.execute(db);
    await sql`insert into search_documents (asset_id, root_id, document) values (999999, 777, 'solo')`.execute(
      db,
    );
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from search_documents`.execute(db)).rows[0]!.n);
    const rows = await count();
    const matching = async (word: string) =>
      (
        await sql<{ id: number }>`select asset_id as id from search_documents
          where root_id = 1 and document @@ to_tsquery('simple', ${word})`.execute(db)
      ).rows.map((row) => row.id);

    expect(await migrateToLatest(handle)).toContain('20261122-0013-search-by-root');
    expect(await tables()).toEqual([
      'search_documents',
      'search_fts_1',
      'search_fts_123',
      'search_fts_658',
      'search_fts_777',
    ]);
    expect(await count()).toBe(rows);
    expect(await matching('kaffeebohnen')).toEqual([ids.kroenung]);
    // The index of the new layout rebuilds into the partitions and searches them.
    const index = createSearchIndex(handle);
    await index.rebuild();
    const found = await index.search({ text: 'kaffeebohnen', rootId: 1, offset: 0, limit: 10 });
    expect(found.hits.map((hit) => hit.assetId)).toEqual([ids.kroenung]);
    await sql`insert into search_documents (asset_id, root_id, document) values (999999, 777, 'solo')`.execute(
      db,
    );
    const reverted = await count();

    await searchByRoot.down(db as unknown as Kysely<unknown>);
    expect(await tables()).toEqual(['search_documents']);
    expect(await count()).toBe(reverted);
    expect(await matching('kaffeebohnen')).toEqual([ids.kroenung]);
  },
);
