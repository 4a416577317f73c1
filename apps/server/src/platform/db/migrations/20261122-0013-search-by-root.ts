import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.js';

/** The country roots of spec 9, partitioned even before their first document. */
const COUNTRY_ROOT_IDS = [1, 123, 658];

/**
 * PostgreSQL: search_documents partitioned by root, one partition per root named like SQLite's
 * per-root FTS5 table (`search_fts_<root>`; the search backend adds one when it meets a new root).
 * Issue 7 at 1M assets: a query's newest matches are found by walking the root's documents newest
 * first, and with the roots interleaved in one heap a walk of Switzerland's documents (20 %) read
 * five times the pages; each partition also has its own GIN index, so no root filter has to be
 * intersected with it. Index p50/p95 of the search bench went from 28/79 ms to 14/40 ms (same
 * data and load). The rows are copied, so search keeps working through the upgrade. SQLite keeps
 * its layout (one FTS5 table per root already).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents rename to search_documents_unpartitioned`.execute(db);
  await sql`alter index search_documents_pkey rename to search_documents_unpartitioned_pkey`.execute(db);
  for (const name of ['root_category', 'root_asset', 'gtin', 'document']) {
    await sql`drop index if exists ${sql.raw(`search_documents_${name}`)}`.execute(db);
  }
  // The primary key leads with asset_id: writes find a document by its asset alone. It carries
  // the top category, so facet counts of sampled ids read the index, not a heap page per id.
  await sql`create table search_documents (
    asset_id integer not null,
    root_id integer not null,
    top_category_id integer,
    gtin_number bigint,
    document tsvector not null default ''::tsvector,
    constraint search_documents_pkey primary key (asset_id, root_id) include (top_category_id)
  ) partition by list (root_id)`.execute(db);
  const indexed = await sql<{
    root_id: number;
  }>`select distinct root_id from search_documents_unpartitioned`.execute(db);
  const roots = new Set([...COUNTRY_ROOT_IDS, ...indexed.rows.map((row) => Number(row.root_id))]);
  for (const rootId of roots) await sql.raw(searchPartitionDdl(rootId)).execute(db);
  // In id order, so each partition's pages follow its documents' age; the other indexes are
  // built afterwards, in one pass each.
  await sql`insert into search_documents (asset_id, root_id, top_category_id, gtin_number, document)
    select asset_id, root_id, top_category_id, gtin_number, document
    from search_documents_unpartitioned order by asset_id`.execute(db);
  await sql`drop table search_documents_unpartitioned`.execute(db);
  await createSecondaryIndexes(db, false);
  await sql`analyze search_documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table search_documents rename to search_documents_partitioned`.execute(db);
  await sql`alter index search_documents_pkey rename to search_documents_partitioned_pkey`.execute(db);
  for (const name of ['root_category', 'gtin', 'document']) {
    await sql`drop index if exists ${sql.raw(`search_documents_${name}`)}`.execute(db);
  }
  await sql`create table search_documents (
    asset_id integer primary key,
    root_id integer not null,
    top_category_id integer,
    gtin_number bigint,
    document tsvector not null default ''::tsvector
  )`.execute(db);
  await sql`insert into search_documents (asset_id, root_id, top_category_id, gtin_number, document)
    select asset_id, root_id, top_category_id, gtin_number, document
    from search_documents_partitioned order by asset_id`.execute(db);
  // Its partitions go with it.
  await sql`drop table search_documents_partitioned`.execute(db);
  await createSecondaryIndexes(db, true);
}

/** The indexes of 20261122-0004 but (root_id, asset_id), which the partitions' primary keys serve. */
async function createSecondaryIndexes(db: Kysely<unknown>, withRootAsset: boolean): Promise<void> {
  await sql`create index search_documents_root_category on search_documents (root_id, top_category_id, asset_id)`.execute(
    db,
  );
  if (withRootAsset) {
    await sql`create index search_documents_root_asset on search_documents (root_id, asset_id)`.execute(db);
  }
  await sql`create index search_documents_gtin on search_documents (gtin_number, root_id)`.execute(db);
  await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);
}

/**
 * The partition of one root; `if not exists`, as two instances may meet a new root together.
 * Frozen with this migration: the search backend keeps its own copy for roots met later.
 */
function searchPartitionDdl(rootId: number): string {
  if (!Number.isInteger(rootId) || rootId <= 0) throw new Error(`Bad root id ${rootId}`);
  return `create table if not exists search_fts_${rootId} partition of search_documents for values in (${rootId})`;
}
