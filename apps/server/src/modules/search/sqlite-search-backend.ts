import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toFts5Match, type MatchExpression } from './match-expression.js';
import type { ScoredId, SearchBackend } from './search-backend.js';
import { deleteDocumentRows, documentRow, groupByRoot, type SearchDocument } from './search-documents.js';

/**
 * bm25 column weights: names, keywords, description, nodes, cat. Names first, then keywords,
 * description, and the category names last; the category token never scores.
 */
const BM25 = '10.0, 3.0, 1.0, 0.3, 0.0';
const ROWS_PER_INSERT = 400;

/**
 * One contentless FTS5 table per country root (no join between MATCH and a root filter: see
 * shared/notes/search-at-1m.md), with delete support; prefixes 2–8 pre-indexed, which the notes
 * measured as the fastest for as-you-type (p95 7.2 ms against 10.3 ms with 2–4). The `cat` column
 * holds the top category as a token ("c12"), so the drawer filter stays inside MATCH. Positions stay
 * (`detail=full`) although no query is a phrase: with `detail=column` a contentless table's bm25 is
 * 0 for every row (measured with SQLite 3.53.2), which would lose ranking.
 * Migration 20261122-0005 made the country roots' tables with a frozen copy of this statement; this
 * one makes the tables of roots met later, and a change here needs a migration for the existing ones.
 */
function ftsTableDdl(rootId: number): string {
  if (!Number.isInteger(rootId) || rootId <= 0) throw new Error(`Bad root id ${rootId}`);
  return `create virtual table if not exists search_fts_${rootId} using fts5(
    names, keywords, description, nodes, cat,
    content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8'
  )`;
}

/**
 * SQLite: one contentless FTS5 table per country root. MATCH never joins another table, so the
 * planner has nothing to get wrong (the notes saw 0.1 ms turn into 2 s with a join after ANALYZE),
 * and counts per root read only that root's doclists.
 */
export class SqliteSearchBackend implements SearchBackend {
  private tables: Set<number> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** `db` is the transaction when called while writing: SQLite's one connection would wait for itself. */
  private async knownTables(db: Kysely<Database> = this.db): Promise<Set<number>> {
    if (!this.tables) {
      const rows = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name like 'search_fts_%'`.execute(db);
      this.tables = new Set(
        rows.rows
          .map(({ name }) => /^search_fts_(\d+)$/.exec(name)?.[1])
          .filter((id) => id !== undefined)
          .map(Number),
      );
    }
    return this.tables;
  }

  private table(rootId: number) {
    return sql.raw(`search_fts_${Math.trunc(rootId)}`);
  }

  async insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    const known = await this.knownTables(db);
    const byRoot = groupByRoot(documents);
    for (const [rootId, rootDocuments] of byRoot) {
      if (!known.has(rootId)) {
        await sql.raw(ftsTableDdl(rootId)).execute(db);
        known.add(rootId);
      }
      for (let start = 0; start < rootDocuments.length; start += ROWS_PER_INSERT) {
        const rows = rootDocuments
          .slice(start, start + ROWS_PER_INSERT)
          .map(
            (d) =>
              sql`(${d.assetId}, ${d.names}, ${d.keywords}, ${d.description}, ${d.nodes}, ${d.topCategoryId === null ? '' : `c${d.topCategoryId}`})`,
          );
        await sql`insert into ${this.table(rootId)} (rowid, names, keywords, description, nodes, cat) values ${sql.join(rows)}`.execute(
          db,
        );
      }
    }
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      await db
        .insertInto('search_documents')
        .values(documents.slice(start, start + ROWS_PER_INSERT).map(documentRow))
        .execute();
    }
  }

  async deleteDocuments(
    db: Kysely<Database>,
    documents: { assetId: number; rootId: number }[],
  ): Promise<void> {
    const known = await this.knownTables(db);
    for (const [rootId, rootDocuments] of groupByRoot(documents)) {
      if (!known.has(rootId)) continue;
      const ids = rootDocuments.map((document) => document.assetId);
      for (let start = 0; start < ids.length; start += 500) {
        await sql`delete from ${this.table(rootId)} where rowid in (${sql.join(ids.slice(start, start + 500))})`.execute(
          db,
        );
      }
    }
    await deleteDocumentRows(
      db,
      documents.map((document) => document.assetId),
    );
  }

  async clear(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('search_documents').execute();
    for (const rootId of await this.knownTables(db)) {
      await sql`insert into ${this.table(rootId)} (${this.table(rootId)}) values ('delete-all')`.execute(db);
    }
  }

  async optimize(): Promise<void> {
    for (const rootId of await this.knownTables()) {
      await sql`insert into ${this.table(rootId)} (${this.table(rootId)}) values ('optimize')`.execute(
        this.db,
      );
    }
  }

  async newestIds(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<number[]> {
    if (!(await this.knownTables()).has(rootId)) return [];
    const table = this.table(rootId);
    const result = await sql<{ id: number }>`
      select rowid as id from ${table} where ${table} match ${toFts5Match(expression, categoryIds)}
      order by rowid desc limit ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  async rankedMatches(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<ScoredId[]> {
    if (!(await this.knownTables()).has(rootId)) return [];
    const table = this.table(rootId);
    const result = await sql<ScoredId>`
      select rowid as id, -bm25(${table}, ${sql.raw(BM25)}) as score from ${table}
      where ${table} match ${toFts5Match(expression, categoryIds)}
      order by bm25(${table}, ${sql.raw(BM25)}), rowid desc limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
