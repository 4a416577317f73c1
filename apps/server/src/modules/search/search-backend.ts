import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { MatchExpression } from './match-expression.js';
import type { SearchDocument } from './search-documents.js';

export interface ScoredId {
  id: number;
  /** Higher is better. */
  score: number;
}

/**
 * The database-specific half of the search index: storing documents and running one match
 * expression. Everything else (folding, expansion, typo correction, counting, ranking policy,
 * facets, GTINs) is shared in FullTextSearchIndex, so both databases behave alike.
 */
export interface SearchBackend {
  /**
   * Writes the documents (their search_documents rows and their text); `db` is the transaction to
   * write in. Old versions must have been deleted.
   */
  insertDocuments(db: Kysely<Database>, documents: SearchDocument[]): Promise<void>;
  /** Removes documents (rows and text), given with the root they were indexed under. */
  deleteDocuments(db: Kysely<Database>, documents: { assetId: number; rootId: number }[]): Promise<void>;
  /** Empties search_documents and the text index (search_terms is the caller's). */
  clear(db: Kysely<Database>): Promise<void>;
  /** Compacts the index after a bulk load. */
  optimize(): Promise<void>;
  /**
   * Ids of matches in descending order (newest first), at most `limit`, without relevance: reading
   * doclists in rowid order stops after `limit`, while relevance (bm25's document frequencies)
   * would read every match of every term.
   */
  newestIds(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<number[]>;
  /** Matches best first (ties: newest first), at most `limit`. Reads every match: only for moderate totals. */
  rankedMatches(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<ScoredId[]>;
}
