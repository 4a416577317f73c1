import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toTsQuery, type MatchExpression } from './match-expression.js';
import type { ScoredId, SearchBackend } from './search-backend.js';
import { deleteDocumentRows, type SearchDocument } from './search-documents.js';

/**
 * ts_rank weights {D, C, B, A}: A names, B keywords, C description, D category names —
 * the same order as the bm25 column weights on SQLite.
 */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.2, 0.4, 1.0}'::float4[]`);
const ROWS_PER_INSERT = 400;

/**
 * PostgreSQL: a weighted tsvector per document ('simple' configuration: the text is folded
 * already, in TypeScript, exactly as for SQLite) with a GIN index.
 */
export class PostgresSearchBackend implements SearchBackend {
  constructor(private readonly db: Kysely<Database>) {}

  async insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void> {
    for (let start = 0; start < documents.length; start += ROWS_PER_INSERT) {
      const rows = documents.slice(start, start + ROWS_PER_INSERT).map(
        (d) => sql`(${d.assetId}, ${d.rootId}, ${d.topCategoryId}, ${d.gtinNumber},
          setweight(to_tsvector('simple', ${d.names}), 'A') ||
          setweight(to_tsvector('simple', ${d.keywords}), 'B') ||
          setweight(to_tsvector('simple', ${d.description}), 'C') ||
          setweight(to_tsvector('simple', ${d.nodes}), 'D'))`,
      );
      await sql`insert into search_documents (asset_id, root_id, top_category_id, gtin_number, document)
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

  private filter(rootId: number, expression: MatchExpression, categoryIds: number[] | undefined) {
    const categories = categoryIds?.length
      ? sql`and top_category_id in (${sql.join(categoryIds.map((id) => Math.trunc(id)))})`
      : sql``;
    return sql`root_id = ${rootId} and document @@ to_tsquery('simple', ${toTsQuery(expression)}) ${categories}`;
  }

  async newestIds(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<number[]> {
    // `asset_id + 0` keeps the planner on the GIN index: walking the primary key backwards and
    // testing every row is fast for common terms but a full scan for rare ones.
    const result = await sql<{ id: number }>`
      select asset_id as id from search_documents where ${this.filter(rootId, expression, categoryIds)}
      order by asset_id + 0 desc limit ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  async rankedMatches(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<ScoredId[]> {
    const result = await sql<ScoredId>`
      select asset_id as id, ts_rank(${RANK_WEIGHTS}, document, to_tsquery('simple', ${toTsQuery(expression)})) as score
      from search_documents where ${this.filter(rootId, expression, categoryIds)}
      order by score desc, asset_id desc limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
