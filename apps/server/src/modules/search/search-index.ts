import type { FilterCounts, ResultSort } from '@mediabox/contract';
import type { ActiveFilters } from './result-filter.js';

/**
 * The search index behind `POST /api/search/`: SQLite FTS5 in the embedded mode, PostgreSQL
 * tsvector + pg_trgm in the scale-out mode, one interface. The catalogue tells it which assets
 * changed; it answers ranked asset ids, which the catalogue turns into answers.
 */
export interface SearchQuery {
  text: string;
  /** Country root (1 germany, 123 austria, 658 switzerland): search never crosses roots. */
  rootId: number;
  /** Top categories (children of the root) to restrict to. */
  categoryIds?: number[];
  offset: number;
  limit: number;
  /** Issue 22.2: filters besides the categories (result-filter.ts); absent filters nothing. */
  filters?: ActiveFilters | undefined;
  /** Issue 22.2: result order; relevance when absent. */
  sort?: ResultSort | undefined;
  /** The time "new" and date filters count from (epoch ms); now when absent. */
  now?: number | undefined;
  /** Only the ids in order and the total ("select all"): no facets, no scores past the ranked ones. */
  idsOnly?: boolean | undefined;
  /**
   * Told the page's asset ids as soon as they are known, before the facets and filter values are
   * counted, so that the caller can present them meanwhile (on PostgreSQL the two queries run at
   * the same time). Told again when a search of fewer words replaces the first (`partial`): the
   * answer's hits are the ones that count.
   */
  onPage?: ((assetIds: number[]) => void) | undefined;
}

export interface SearchHit {
  assetId: number;
  /** Relevance, higher is better, comparable within one answer. */
  score: number;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  /** True when `total` is extrapolated (very common terms) rather than counted. */
  totalIsEstimate: boolean;
  /** Hit counts per top category of the root, for the drawer filter. */
  facets: { nodeId: number; count: number }[];
  /** Issue 22.2: matches per filter value; absent for idsOnly and for nothing to count. */
  filterCounts?: FilterCounts | undefined;
  /**
   * Issue 22.3 "no dead ends": when no asset matched every word, the hits are those of the largest
   * group of words that did match, and this says which words were used and which dropped.
   */
  partial?: { usedWords: string[]; droppedWords: string[] } | undefined;
}

/** What the search box asks while typing: a few ids, best first, without totals or facets. */
export interface SuggestQuery {
  text: string;
  rootId: number;
  limit: number;
}

export interface SearchIndex {
  /** (Re)indexes these assets from the catalogue tables; withdrawn or deleted ones leave the index. */
  indexAssets(assetIds: number[]): Promise<void>;
  removeAssets(assetIds: number[]): Promise<void>;
  /** Rebuilds the whole index from the catalogue tables. */
  rebuild(): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Issue 22.3: the best few assets for a query being typed (prefix, close spellings, GTIN prefix). */
  suggest(query: SuggestQuery): Promise<number[]>;
}
