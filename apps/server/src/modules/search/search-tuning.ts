/**
 * How much work one search may do, and how long per-process caches live. One object for reader,
 * sampler and caches, so a test or the bench can set every knob in one place.
 */
export interface SearchTuning {
  /** Matches read newest-first per query: below this the total is exact. */
  sampleSize: number;
  /**
   * Matches an estimated total may be extrapolated from, when the vocabulary (through the
   * backend's MatchHint) and this many newest matches both put the total far above sampleSize;
   * otherwise sampleSize matches are read. Default sampleSize: SQLite reads postings newest first,
   * 2,000 cost little. PostgreSQL tests documents newest first, and 2,000 matches of a word in
   * 3 % of the documents are 60,000 tests (search-index-factory.ts sets 500).
   */
  estimateSampleSize?: number;
  /** Estimated totals up to this get global relevance ranking; above, the newest matches are ranked. */
  globalRankLimit: number;
  /**
   * Global ranking also needs the query's terms to be rare enough: at most this many postings
   * (documents per term, from the vocabulary) in all, as bm25 and ts_rank read them all.
   * Default 5,000: bm25 over 10,000 postings took 16–22 ms at 1M assets on the bench machine.
   */
  rankBudget?: number;
  /**
   * Otherwise, how many of the newest matches are scored (from their text, in TypeScript) and
   * ranked; older ones follow newest first. Default 100 (two pages; ~50 µs per asset to fold).
   */
  scoredSize?: number;
  /** How long a vocabulary or a root's document count may be reused before checking for changes. */
  cacheMs: number;
}

/**
 * The notes measured global ranking up to 25,000 estimated matches at p95 13.6–18.2 ms (bare
 * index); on the bench's denser catalogue bm25 cost follows the terms' postings rather than the
 * matches, hence the postings budget (docs/performance.md, second section).
 */
export const DEFAULT_SCORED_SIZE = 100;
export const DEFAULT_RANK_BUDGET = 5_000;
export const DEFAULT_TUNING: SearchTuning = {
  sampleSize: 2000,
  globalRankLimit: 10_000,
  rankBudget: DEFAULT_RANK_BUDGET,
  scoredSize: DEFAULT_SCORED_SIZE,
  cacheMs: 30_000,
};
