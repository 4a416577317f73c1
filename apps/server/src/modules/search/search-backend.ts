import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { MatchExpression } from './match-expression.js';
import type { ActiveFilters } from './result-filter.js';
import type { SearchDocument } from './search-documents.js';

/**
 * What the index knows of a match expression before running it, from the vocabulary's document
 * counts and the root's documents. A backend whose index answers matches in storage order rather
 * than newest first (PostgreSQL's GIN) uses it to choose between walking the newest documents
 * and fetching every match; it never changes which ids are answered.
 */
export interface MatchHint {
  /** Estimated share of the root's documents that match (within the categories), words independent. */
  share: number;
  /** The most the vocabulary allows: the rarest word's share, as if the words always came together. */
  maxShare: number;
  /** The root's indexed documents and the span of their ids (newest highest). */
  documents: number;
  minId: number;
  maxId: number;
  /**
   * The same expression with prefixes spelt out as the indexed terms they stand for, where the
   * vocabulary knows them (GIN reads a prefix's whole posting range before intersecting).
   */
  spelledOut: MatchExpression;
}

export interface NewestOptions {
  hint?: MatchHint;
  /**
   * Only matches passing these result filters (issue 22.2), tested in the same query; only a
   * backend with `filtersInQuery` takes them (the caller filters the others' ids itself).
   */
  filters?: ActiveFilters;
  /** With filters: the share of matches expected to pass them (measured on a sample), 0–1. */
  passingShare?: number;
  /**
   * The caller can do with this many ids (fewer than `limit`): a backend may stop there when
   * reading on would cost more. Fewer than `enough` ids are still all the matches.
   */
  enough?: number;
}

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
   * Whether newestIds follows a MatchHint: the index computes one only then (it needs the root's
   * document count), so SQLite, which reads postings newest first anyway, does without.
   */
  readonly usesMatchHint?: boolean;
  /**
   * Whether newestIds tests NewestOptions.filters itself. PostgreSQL walks the documents' rows,
   * which hold the filter columns, so a filter costs nothing there and spares the text tests;
   * SQLite's full-text index holds no filter columns.
   */
  readonly filtersInQuery?: boolean;
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
    options?: NewestOptions,
  ): Promise<number[]>;
  /** Matches best first (ties: newest first), at most `limit`. Reads every match: only for moderate totals. */
  rankedMatches(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
  ): Promise<ScoredId[]>;
}
