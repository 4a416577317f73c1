import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toTsQuery, type MatchExpression } from './match-expression.js';
import { categoryFilter, PostgresNewestMatches } from './postgres-newest-matches.js';
import type { NewestOptions, ScoredId, SearchBackend } from './search-backend.js';
import { deleteDocumentRows, type SearchDocument } from './search-documents.js';

/**
 * ts_rank weights {D, C, B, A}: A names, B keywords, C description, D category names —
 * the same order as the bm25 column weights on SQLite.
 */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::float4[]`);
const ROWS_PER_INSERT = 400;

/**
 * The partition of one root; `if not exists`, as two instances may meet a new root together.
 * Migration 20261122-0013 made the country roots' partitions with a frozen copy of this statement;
 * this one makes the partitions of roots met later, and a change here needs a migration too.
 */
function partitionDdl(rootId: number): string {
  if (!Number.isInteger(rootId) || rootId <= 0) throw new Error(`Bad root id ${rootId}`);
  return `create table if not exists search_fts_${rootId} partition of search_documents for values in (${rootId})`;
}

/**
 * PostgreSQL: a weighted tsvector per document ('simple' configuration: the text is folded
 * already, in TypeScript, exactly as for SQLite) with a GIN index, in one partition of
 * search_documents per root (migration 20261122-0013), as SQLite has one FTS5 table per root.
 */
export class PostgresSearchBackend implements SearchBackend {
  readonly usesMatchHint = true;
  readonly filtersInQuery = true;
  private partitions: Set<number> | null = null;
  private readonly newest: PostgresNewestMatches;

  constructor(private readonly db: Kysely<Database>) {
    this.newest = new PostgresNewestMatches(db);
  }

  /** Roots with a partition; `db` is the writing transaction. */
  private async knownPartitions(db: Kysely<Database>): Promise<Set<number>> {
    if (!this.partitions) {
      const rows = await sql<{ name: string }>`
        select child.relname as name from pg_inherits
        join pg_class child on child.oid = pg_inherits.inhrelid
        join pg_class parent on parent.oid = pg_inherits.inhparent
        where parent.relname = 'search_documents'
          and parent.relnamespace = to_regnamespace(current_schema())`.execute(db);
      this.partitions = new Set(
        rows.rows
          .map(({ name }) => /^search_fts_(\d+)$/.exec(name)?.[1])
          .filter((id) => id !== undefined)
          .map(Number),
      );
    }
    return this.partitions;
  }

  async insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    const known = await this.knownPartitions(db);
    for (const rootId of new Set(documents.map((document) => document.rootId))) {
      if (known.has(rootId)) continue;
      await sql.raw(partitionDdl(rootId)).execute(db);
      known.add(rootId);
    }
    try {
      await this.insertRows(db, documents);
    } catch (error) {
      // A partition created in a transaction that was rolled back is gone: look again next time.
      this.partitions = null;
      throw error;
    }
  }

  private async insertRows(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      const rows = documents.slice(start, start + ROWS_PER_INSERT).map(
        (d) => sql`(${d.assetId}, ${d.rootId}, ${d.topCategoryId}, ${d.gtinNumber},
          ${d.mediaTypes}, ${d.imageView}, ${d.orientation}, ${d.createdAt},
          setweight(to_tsvector('simple', ${d.names}), 'A') ||
          setweight(to_tsvector('simple', ${d.keywords}), 'B') ||
          setweight(to_tsvector('simple', ${d.description}), 'C') ||
          setweight(to_tsvector('simple', ${d.nodes}), 'D'))`,
      );
      await sql`insert into search_documents (asset_id, root_id, top_category_id, gtin_number,
        media_types, image_view, orientation, created_at, document)
        values ${sql.join(rows)}`.execute(db);
    }
  }

  async deleteDocuments(
    db: Kysely<Database>,
    documents: { assetId: number; rootId: number }[],
  ): Promise<void> {
    await deleteDocumentRows(
      db,
      documents.map((document) => document.assetId),
    );
  }

  async clear(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('search_documents').execute();
  }

  async optimize(): Promise<void> {
    await sql`analyze search_documents`.execute(this.db);
  }

  newestIds(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
    options?: NewestOptions,
  ): Promise<number[]> {
    return this.newest.newestIds(rootId, expression, categoryIds, limit, options);
  }

  async rankedMatches(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<ScoredId[]> {
    const tsquery = toTsQuery(expression);
    const result = await sql<ScoredId>`
      select asset_id as id, ts_rank(${RANK_WEIGHTS}, document, to_tsquery('simple', ${tsquery})) as score
      from search_documents
      where root_id = ${rootId} and document @@ to_tsquery('simple', ${tsquery}) ${categoryFilter(categoryIds)}
      order by score desc, asset_id desc limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
