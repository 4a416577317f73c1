import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.js';

/** The country roots of spec 9; the SQLite index also creates a table for any other root it meets. */
const COUNTRY_ROOT_IDS = [1, 123, 658];

/**
 * Search index (modules/search). Shared by both databases: one row per indexed asset with what
 * filtering, facets and GTIN lookups need, and the vocabulary of indexed terms per root (for
 * compound substrings and typo correction). The text itself lives in one contentless FTS5 table
 * per country root on SQLite (no join between MATCH and a root filter: see
 * shared/notes/search-at-1m.md), and in a weighted tsvector column with a GIN index on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('asset_id', 'integer', (col) => col.primaryKey())
    .addColumn('root_id', 'integer', (col) => col.notNull())
    /** The child of the root the asset lives under, computed at index time: facets need no tree walk. */
    .addColumn('top_category_id', 'integer')
    .addColumn('gtin_number', 'bigint')
    .execute();
  await db.schema
    .createIndex('search_documents_root_category')
    .on('search_documents')
    .columns(['root_id', 'top_category_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('search_documents_root_asset')
    .on('search_documents')
    .columns(['root_id', 'asset_id'])
    .execute();
  await db.schema
    .createIndex('search_documents_gtin')
    .on('search_documents')
    .columns(['gtin_number', 'root_id'])
    .execute();

  await db.schema
    .createTable('search_terms')
    .addColumn('root_id', 'integer', (col) => col.notNull())
    .addColumn('term', 'varchar(60)', (col) => col.notNull())
    .addColumn('docs', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('search_terms_pk', ['root_id', 'term'])
    .execute();

  if (isPostgres(db)) {
    await sql`alter table search_documents add column document tsvector not null default ''::tsvector`.execute(
      db,
    );
    await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);
  } else {
    for (const rootId of COUNTRY_ROOT_IDS) await sql.raw(sqliteFtsTableDdl(rootId)).execute(db);
  }
}

/**
 * The first FTS5 layout, kept as it shipped; 20261122-0005 replaces it. Contentless (the text stays in `assets`) with delete support; prefixes 2–8 pre-indexed, which the
 * notes measured as the fastest for as-you-type (p95 7.2 ms against 10.3 ms with 2–4). The `cat`
 * column holds the top category as a token ("c12"), so the drawer filter stays inside MATCH.
 */
function sqliteFtsTableDdl(rootId: number): string {
  if (!Number.isInteger(rootId) || rootId <= 0) throw new Error(`Bad root id ${rootId}`);
  return `create virtual table if not exists search_fts_${rootId} using fts5(
    names, keywords, description, nodes, codes, cat,
    content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8'
  )`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      db,
    );
    // The FTS5 tables themselves; their shadow tables (search_fts_1_data, …) go with them.
    const ftsTables = tables.rows.filter(({ name }) => /^search_fts_\d+$/.test(name));
    for (const { name } of ftsTables) await sql.raw(`drop table if exists ${name}`).execute(db);
  }
  await db.schema.dropTable('search_terms').execute();
  await db.schema.dropTable('search_documents').execute();
}
