import { planMatch, type MatchExpression } from './match-expression.js';
import type { MatchSample, MatchSampler } from './match-sampler.js';
import { passes, type ActiveFilters, type DocumentFacts } from './result-filter.js';
import type { MatchHint, ScoredId, SearchBackend } from './search-backend.js';
import type { SearchDocumentSource } from './search-documents.js';
import type { SearchFacets } from './search-facets.js';
import type { SearchIndexCache } from './search-index-cache.js';
import type { SearchHit, SearchQuery, SearchResult, SuggestQuery } from './search-index.js';
import { DEFAULT_RANK_BUDGET, DEFAULT_SCORED_SIZE, type SearchTuning } from './search-tuning.js';
import type { SearchRepository } from './search.repository.js';
import { textRelevance } from './text-relevance.js';
import { gtinPrefixDigits, gtinQueryNumber, queryWords } from './text-folding.js';
import type { Vocabulary } from './vocabulary.js';

/** GTIN hits listed before the text hits: a whole GTIN's assets, then those starting with the digits typed. */
const GTIN_HITS = 50;
/**
 * Suggestions rank the newest this many matches by their text: a bounded read whatever the total,
 * which keeps the call within its budget (issue 22.3: p95 < 15 ms at 1M on SQLite).
 */
const SUGGEST_POOL = 200;
/**
 * A filtered run whose estimated total has too few passing matches among the sampled ones reads
 * at most this many newest matches (issue 22.2): a bounded read, whatever the filters.
 */
const FILTER_POOL_MAX = 40_000;
/** Name order: German names, case and accents as a reader expects. */
const NAME_ORDER = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
/** Partial matches try at most this many groups of words (each one bounded index read). */
const PARTIAL_TRIES = 24;

/**
 * The reading half of the search index: a query's words through the vocabulary (compounds, typos),
 * GTINs, the ranking policy and the page of hits. The backend only matches and ranks one
 * expression, so both databases answer alike.
 */
export class SearchIndexReader {
  constructor(
    private readonly backend: SearchBackend,
    private readonly source: SearchDocumentSource,
    private readonly repository: SearchRepository,
    private readonly cache: SearchIndexCache,
    private readonly sampler: MatchSampler,
    private readonly facets: SearchFacets,
    private readonly tuning: SearchTuning,
  ) {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const result = await this.searchAllWords(query);
    // With result filters, nothing found may be the filters' doing: dropping words would mislead.
    if (result.total > 0 || query.filters) return result;
    const partial = await this.partialWords(query);
    if (!partial) return result;
    return { ...(await this.searchAllWords({ ...query, text: partial.usedWords.join(' ') })), partial };
  }

  /**
   * Issue 22.3: up to `limit` ids for the search box. GTINs first (whole or prefix), then the
   * newest SUGGEST_POOL text matches ranked by their text; unknown words take their close
   * spellings at once (no second run while typing). No totals, no facets.
   */
  async suggest(query: SuggestQuery): Promise<number[]> {
    const gtinIds = await this.gtinMatches(query.rootId, query.text, undefined);
    if (gtinIds.length >= query.limit) return gtinIds.slice(0, query.limit);
    const vocabulary = await this.cache.vocabulary(query.rootId);
    let plan = planMatch(query.text, vocabulary, false);
    if (plan && !plan.satisfiable) plan = planMatch(query.text, vocabulary, true);
    if (!plan?.satisfiable) return gtinIds;
    const hint = await this.sampler.hint(query.rootId, plan.expression, undefined, vocabulary);
    const newest = await this.backend.newestIds(query.rootId, plan.expression, undefined, SUGGEST_POOL, {
      ...(hint ? { hint } : {}),
    });
    const ranked = (await this.scoreByText(newest, plan.expression)).sort(byRelevance);
    const gtinSet = new Set(gtinIds);
    return [...gtinIds, ...ranked.map((hit) => hit.id).filter((id) => !gtinSet.has(id))].slice(
      0,
      query.limit,
    );
  }

  /**
   * The largest group of the query's words that has a match, when all of them together have none:
   * words that match nothing on their own (fillers such as "foto") go first, then as few others as
   * needed, the last typed first. Null when there is nothing better (one word, or no group matches).
   */
  private async partialWords(query: SearchQuery): Promise<SearchResult['partial'] | null> {
    const words = [...new Set(queryWords(query.text))].slice(0, 8);
    if (words.length < 2) return null;
    const vocabulary = await this.cache.vocabulary(query.rootId);
    const categories = query.categoryIds?.length ? query.categoryIds : undefined;
    const alive = words.filter((word) => planMatch(word, vocabulary, true)?.satisfiable);
    let tries = 0;
    for (let size = Math.min(alive.length, words.length - 1); size >= 1; size -= 1) {
      for (const group of groupsOf(alive, size)) {
        if (tries++ >= PARTIAL_TRIES) return null;
        const plan = planMatch(group.join(' '), vocabulary, true);
        if (!plan?.satisfiable) continue;
        const found = await this.backend.newestIds(query.rootId, plan.expression, categories, 1);
        if (found.length > 0) {
          return { usedWords: group, droppedWords: words.filter((word) => !group.includes(word)) };
        }
      }
    }
    return null;
  }

  private async searchAllWords(query: SearchQuery): Promise<SearchResult> {
    const vocabulary = await this.cache.vocabulary(query.rootId);
    const categories = query.categoryIds?.length ? query.categoryIds : undefined;
    const sort = query.sort ?? 'relevance';
    const now = query.now ?? Date.now();
    let gtinIds = await this.gtinMatches(query.rootId, query.text, categories);
    if (query.filters && gtinIds.length > 0)
      gtinIds = await this.filtered(query.rootId, gtinIds, query.filters);

    let plan = planMatch(query.text, vocabulary, false);
    let text = plan?.satisfiable ? await this.runText(query, plan.expression, categories, vocabulary) : null;
    if (plan && (!text || text.total === 0) && gtinIds.length === 0) {
      // Nothing found: one more run with the vocabulary's close spellings of unknown words.
      plan = planMatch(query.text, vocabulary, true);
      text = plan?.satisfiable ? await this.runText(query, plan.expression, categories, vocabulary) : null;
    }

    const textHits = text?.hits ?? [];
    const topScore = textHits.reduce((max, hit) => Math.max(max, hit.score), 0);
    const gtinSet = new Set(gtinIds);
    const ordered: SearchHit[] =
      sort === 'relevance'
        ? [
            ...gtinIds.map((assetId) => ({ assetId, score: round(topScore + 1) })),
            ...textHits.filter((hit) => !gtinSet.has(hit.assetId)),
          ]
        : // Newest and name order GTIN hits among the others.
          (await this.ordered([...new Set([...gtinIds, ...textHits.map((hit) => hit.assetId)])], sort)).map(
            (assetId) => ({ assetId, score: 0 }),
          );
    const page = ordered.slice(query.offset, query.offset + query.limit);
    if (!query.idsOnly) query.onPage?.(page.map((hit) => hit.assetId));
    const gtinOnly = gtinIds.filter((id) => !text?.sampleIds.has(id)).length;
    let facets: { nodeId: number; count: number }[] = [];
    let filterCounts: SearchResult['filterCounts'];
    if (plan && text && !query.idsOnly) {
      ({ facets, filterCounts } = await this.facets.count(
        query,
        plan.expression,
        categories,
        vocabulary,
        text.raw,
        query.filters,
        now,
        text.known,
      ));
    }
    if (gtinOnly > 0 && !query.idsOnly) await this.facets.addGtinHits(query.rootId, facets, gtinIds);
    return {
      hits: page,
      total: (text?.total ?? 0) + gtinOnly,
      totalIsEstimate: text?.totalIsEstimate ?? false,
      facets,
      ...(filterCounts ? { filterCounts } : {}),
    };
  }

  /**
   * The ids (in their order) whose documents pass the filters. The documents read are kept in
   * `known`, so that the counts of the same search read them once.
   */
  private async filtered(
    rootId: number,
    ids: number[],
    filters: ActiveFilters | undefined,
    known?: Map<number, DocumentFacts>,
  ): Promise<number[]> {
    if (!filters) return ids;
    const facts = await this.repository.documentFacts(rootId, ids);
    if (known) for (const [id, document] of facts) known.set(id, document);
    return ids.filter((id) => {
      const document = facts.get(id);
      return document !== undefined && passes(document, filters, undefined);
    });
  }

  /** Newest first (highest id), or by German name (ties newest first). */
  private async ordered(ids: number[], sort: 'newest' | 'name'): Promise<number[]> {
    if (sort === 'newest') return [...ids].sort((a, b) => b - a);
    const names = await this.repository.germanNames(ids);
    return [...ids].sort((a, b) => NAME_ORDER.compare(names.get(a) ?? '', names.get(b) ?? '') || b - a);
  }

  /** Assets whose GTIN is the query (any spelling), then those whose GTIN starts with the digits typed. */
  private async gtinMatches(rootId: number, text: string, categories: number[] | undefined) {
    const gtinNumber = gtinQueryNumber(text);
    const digits = gtinPrefixDigits(text);
    const [exact, prefixed] = await Promise.all([
      gtinNumber === null ? [] : this.repository.gtinMatches(rootId, gtinNumber, categories),
      digits === null ? [] : this.repository.gtinPrefixMatches(rootId, digits, categories, GTIN_HITS),
    ]);
    return [...new Set([...exact, ...prefixed])].slice(0, GTIN_HITS);
  }

  /**
   * One text run. The ids of the newest `sampleSize` matches come first (cheap: doclists in rowid
   * order, no relevance); below that size they are all the matches, so the total is exact. Above
   * it, the total is extrapolated from how far back the sample reaches. Ranking is global (bm25 /
   * ts_rank) for moderate totals of rare enough terms (the notes' hybrid, bounded by the postings
   * those functions read), else limited to the newest `scoredSize` matches, scored from their
   * text; older ones follow newest first.
   */
  private async runText(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
  ) {
    const want = query.offset + query.limit + 1;
    const hint = await this.sampler.hint(query.rootId, expression, categories, vocabulary);
    const raw = await this.sampler.sample(query.rootId, expression, categories, vocabulary, hint);
    if (query.filters || (query.sort ?? 'relevance') !== 'relevance') {
      return this.runPooled(query, expression, categories, vocabulary, raw, hint, want);
    }
    const { sample, total, totalIsEstimate } = raw;
    let ranked: ScoredId[] = [];
    if (sample.length === 0) {
      // Nothing to rank.
    } else if (
      total <= this.tuning.globalRankLimit &&
      postings(expression, vocabulary) <= (this.tuning.rankBudget ?? DEFAULT_RANK_BUDGET)
    ) {
      ranked = await this.backend.rankedMatches(query.rootId, expression, categories, want);
    } else {
      const scored = Math.max(this.tuning.scoredSize ?? DEFAULT_SCORED_SIZE, 1);
      const newest =
        totalIsEstimate && want > sample.length
          ? await this.backend.newestIds(query.rootId, expression, categories, want, { hint })
          : sample;
      ranked = (await this.scoreByText(newest.slice(0, scored), expression)).sort(byRelevance);
      if (want > scored) {
        // Past the ranked newest matches, older ones follow newest first.
        ranked = ranked.concat(await this.scoreOlder(newest.slice(scored, want), expression, query));
      }
    }
    return {
      hits: ranked.slice(0, want).map(({ id, score }) => ({ assetId: id, score: round(score) })),
      total,
      totalIsEstimate,
      raw,
      known: undefined as Map<number, DocumentFacts> | undefined,
      sampleIds: new Set(sample),
    };
  }

  private rankBudget(): number {
    return this.tuning.rankBudget ?? DEFAULT_RANK_BUDGET;
  }

  /** Matches past the ranked ones keep their order; "select all" needs no scores for them. */
  private async scoreOlder(
    ids: number[],
    expression: MatchExpression,
    query: SearchQuery,
  ): Promise<ScoredId[]> {
    return query.idsOnly ? ids.map((id) => ({ id, score: 0 })) : this.scoreByText(ids, expression);
  }

  /**
   * Issue 22.2: a run with filters or another order than relevance. The sampled (newest) matches
   * are filtered by their search_documents rows; when they are all the matches, everything is
   * exact. An estimate's total is the share passing times the estimated total, and when the
   * sample holds too few passing matches for the page, further (older) matches are read, up to
   * FILTER_POOL_MAX. Relevance ranks the newest passing matches by their text as for common words;
   * name order sorts the passing matches read (all of them unless the total is an estimate).
   */
  private async runPooled(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    raw: MatchSample,
    hint: MatchHint | undefined,
    want: number,
  ) {
    let pool = raw.sample;
    const known = new Map<number, DocumentFacts>();
    let passing = await this.filtered(query.rootId, pool, query.filters, known);
    const share = () => passing.length / Math.max(pool.length, 1);
    let totalIsEstimate = raw.totalIsEstimate;
    let total = totalIsEstimate ? Math.max(passing.length, Math.round(raw.total * share())) : passing.length;
    let size = pool.length;
    const sort = query.sort ?? 'relevance';
    // Whether `pool` holds every match (then relevance may rank them all).
    let poolIsAll = !totalIsEstimate;
    if (totalIsEstimate && passing.length < want && sort !== 'name' && this.backend.filtersInQuery) {
      // The backend tests the filters with the text: the newest passing matches at once, instead of
      // ever larger pools of matches read and filtered here. The sample's share passing tells it
      // how rare they are.
      passing = await this.backend.newestIds(query.rootId, expression, categories, want, {
        ...(hint ? { hint } : {}),
        filters: query.filters,
        passingShare: Math.max(share(), 1 / FILTER_POOL_MAX),
      });
      if (passing.length < want) {
        // Fewer than asked: every passing match was read, so the total is counted.
        totalIsEstimate = false;
        total = passing.length;
      } else total = Math.max(total, passing.length);
      size = FILTER_POOL_MAX;
    }
    while (totalIsEstimate && passing.length < want && size < FILTER_POOL_MAX) {
      const needed = Math.ceil((want / Math.max(share(), 1 / FILTER_POOL_MAX)) * 1.25);
      size = Math.min(FILTER_POOL_MAX, Math.max(size * 4, needed));
      pool = await this.backend.newestIds(query.rootId, expression, categories, size, hint ? { hint } : {});
      passing = await this.filtered(query.rootId, pool, query.filters);
      if (pool.length < size) {
        // Every match was read: the total is counted.
        totalIsEstimate = false;
        poolIsAll = true;
        total = passing.length;
      } else total = Math.max(total, passing.length);
    }
    let hits: ScoredId[];
    if (sort === 'relevance' && poolIsAll && postings(expression, vocabulary) <= this.rankBudget()) {
      // Every match is known: rank them all as an unfiltered search would, keep those passing.
      const passingIds = new Set(passing);
      hits = (await this.backend.rankedMatches(query.rootId, expression, categories, pool.length)).filter(
        (hit) => passingIds.has(hit.id),
      );
    } else if (sort === 'relevance') {
      const scored = Math.max(this.tuning.scoredSize ?? DEFAULT_SCORED_SIZE, 1);
      hits = (await this.scoreByText(passing.slice(0, scored), expression))
        .sort(byRelevance)
        .concat(await this.scoreOlder(passing.slice(scored, want), expression, query));
    } else {
      // Name order needs every passing match read; newest order is the pool's.
      hits = (sort === 'name' ? passing : passing.slice(0, want)).map((id) => ({ id, score: 0 }));
    }
    return {
      hits: hits.map(({ id, score }) => ({ assetId: id, score: round(score) })),
      total,
      totalIsEstimate,
      raw,
      known,
      sampleIds: new Set(raw.sample),
    };
  }

  /** Relevance of these matches from their text (see text-relevance.ts), in the order given. */
  private async scoreByText(ids: number[], expression: MatchExpression): Promise<ScoredId[]> {
    const rows = new Map((await this.source.byIds(ids)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = rows.get(id);
      return { id, score: row ? textRelevance(row, expression) : 0 };
    });
  }
}

/**
 * The groups of `size` words in their order, those keeping the first words first (so the last
 * word, often still being typed, is dropped before the others).
 */
function* groupsOf(words: string[], size: number, from = 0): Generator<string[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = from; index <= words.length - size; index += 1)
    for (const rest of groupsOf(words, size - 1, index + 1)) yield [words[index]!, ...rest];
}

/** Postings a relevance ranking of the expression reads (vocabulary estimate; numbers count 0). */
function postings(expression: MatchExpression, vocabulary: Vocabulary): number {
  let total = 0;
  for (const group of expression)
    for (const { term, prefix } of group) total += vocabulary.postings(term, prefix);
  return total;
}

/** Best first; equal scores newest first, so pages are stable. */
function byRelevance(a: ScoredId, b: ScoredId): number {
  return round(b.score) - round(a.score) || b.id - a.id;
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
