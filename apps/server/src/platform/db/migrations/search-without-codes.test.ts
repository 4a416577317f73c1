import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { createContext } from '../../../context.js';
import { insertCatalogue } from '../../../modules/search/testing/search-catalogue.js';
import { ManualClock } from '../../clock.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import * as accounts from './20261122-0001-accounts.js';
import * as linkLang from './20261122-0002-link-lang.js';
import * as catalogue from './20261122-0003-catalogue.js';
import * as search from './20261122-0004-search.js';

/**
 * An embedded installation indexed with the first search layout (a GTIN text column) upgrades
 * in place: the migration empties the old index, and the next start rebuilds it from the assets.
 */
let handle: DatabaseHandle | undefined;
afterEach(() => handle?.close());

it('replaces an indexed SQLite search table and the next start rebuilds it', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-migrate-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  handle = openDatabase(`sqlite:${path.join(dataDir, 'old.sqlite')}`);
  const shipped: Record<string, Migration> = {
    '20261122-0001-accounts': accounts,
    '20261122-0002-link-lang': linkLang,
    '20261122-0003-catalogue': catalogue,
    '20261122-0004-search': search,
  };
  const old = new Migrator({ db: handle.db, provider: { getMigrations: async () => shipped } });
  expect((await old.migrateToLatest()).error).toBeUndefined();
  const ids = await insertCatalogue(handle.db);
  // What the first layout held for an indexed asset: a document row, a term and a GTIN column.
  await sql`insert into search_fts_1 (rowid, names, codes, cat) values (${ids.kroenung}, 'kronung', '4000', '')`.execute(
    handle.db,
  );
  await sql`insert into search_documents (asset_id, root_id) values (${ids.kroenung}, 1)`.execute(handle.db);
  await sql`insert into search_terms (root_id, term, docs) values (1, 'kronung', 1)`.execute(handle.db);

  expect(await migrateToLatest(handle)).toContain('20261122-0005-search-without-codes');

  const columns = await sql<{ name: string }>`select name from pragma_table_info('search_fts_1')`.execute(
    handle.db,
  );
  expect(columns.rows.map((row) => row.name)).toEqual(['names', 'keywords', 'description', 'nodes', 'cat']);
  const documents = await sql<{ n: number }>`select count(*) as n from search_documents`.execute(handle.db);
  expect(documents.rows[0]!.n).toBe(0);

  const context = createContext({
    config,
    database: handle,
    log: pino({ level: 'silent' }),
    clock: new ManualClock(0),
  });
  expect(await context.search.rebuildIfEmpty()).toBe(true);
  const result = await context.search.search({ text: 'kaffeebohnen', rootId: 1, offset: 0, limit: 10 });
  expect(result.hits.map((hit) => hit.assetId)).toContain(ids.kroenung);
});
