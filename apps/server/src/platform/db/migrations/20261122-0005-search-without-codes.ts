import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.js';

/**
 * Search index without the GTIN text column: GTINs (whole or their first digits) are found through
 * the integer `search_documents.gtin_number` index instead. As FTS terms, a million unique 14-digit
 * numbers times seven prefix lengths cost a tenth of the file and about half the build time at 1M
 * assets (docs/performance.md). The indexed rows are dropped here; the server rebuilds the index
 * from `assets` at its next start (FullTextSearchIndex.rebuildIfEmpty), so nothing is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from search_terms`.execute(db);
  if (isPostgres(db)) {
    await sql`delete from search_documents`.execute(db);
    return;
  }
  const roots = await dropFtsTables(db);
  await sql`delete from search_documents`.execute(db);
  for (const rootId of new Set([1, 123, 658, ...roots])) await sql.raw(sqliteFtsTableDdl(rootId)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older layout is rebuilt by reverting 0004 and applying it again; here only the index is emptied.
  await sql`delete from search_terms`.execute(db);
  await sql`delete from search_documents`.execute(db);
  if (!isPostgres(db)) await dropFtsTables(db);
}

/** Drops every per-root FTS5 table (their shadow tables go with them) and answers their root ids. */
async function dropFtsTables(db: Kysely<unknown>): Promise<number[]> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  const roots: number[] = [];
  for (const { name } of tables.rows) {
    const match = /^search_fts_(\d+)$/.exec(name);
    if (!match) continue;
    roots.push(Number(match[1]));
    await sql.raw(`drop table if exists ${name}`).execute(db);
  }
  return roots;
}

/**
 * One contentless FTS5 table per country root (no join between MATCH and a root filter: see
 * shared/notes/search-at-1m.md), with delete support; prefixes 2–8 pre-indexed, which the notes
 * measured as the fastest for as-you-type (p95 7.2 ms against 10.3 ms with 2–4). The `cat` column
 * holds the top category as a token ("c12"), so the drawer filter stays inside MATCH. Positions stay
 * (`detail=full`) although no query is a phrase: with `detail=column` a contentless table's bm25 is
 * 0 for every row (measured with SQLite 3.53.2), which would lose ranking.
 * Frozen with this migration: the search backend keeps its own copy for roots met later.
 */
function sqliteFtsTableDdl(rootId: number): string {
  if (!Number.isInteger(rootId) || rootId <= 0) throw new Error(`Bad root id ${rootId}`);
  return `create virtual table if not exists search_fts_${rootId} using fts5(
    names, keywords, description, nodes, cat,
    content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8'
  )`;
}
