import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { planMatch, type MatchExpression } from './match-expression.js';
import type { MatchHint, ScoredId, SearchBackend } from './search-backend.js';
import { matchHint, matchUpperBound } from './match-hint.js';
import type { SearchHit, SearchIndex, SearchQuery, SearchResult } from './search-index.js';
import {
  NodeTree,
  SearchDocumentSource,
  groupByRoot,
  toSearchDocument,
  vocabularyTermsOf,
  type AssetTextRow,
  type SearchDocument,
} from './search-documents.js';
import { SearchRepository } from './search.repository.js';
import { textRelevance } from './text-relevance.js';
import { gtinPrefixDigits, gtinQueryNumber } from './text-folding.js';
import { Vocabulary } from './vocabulary.js';

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
const DEFAULT_SCORED_SIZE = 100;
const DEFAULT_RANK_BUDGET = 5_000;
/** Index entries a range count may step through before the rest is interpolated. */
const RANGE_COUNT_CAP = 25_000;
/** Matches whose categories give the shares of estimated facet counts (exact counts use them all). */
const FACET_SHARE_SAMPLE = 500;
/**
 * A total extrapolated from the smaller estimate sample is taken when it is at least this many
 * times sampleSize; nearer, the full sample decides whether the total is exact.
 */
const ESTIMATE_MARGIN = 2;
export const DEFAULT_TUNING: SearchTuning = {
  sampleSize: 2000,
  globalRankLimit: 10_000,
  rankBudget: DEFAULT_RANK_BUDGET,
  scoredSize: DEFAULT_SCORED_SIZE,
  cacheMs: 30_000,
};

const REBUILD_BATCH = 5000;
/** GTIN hits listed before the text hits: a whole GTIN's assets, then those starting with the digits typed. */
const GTIN_HITS = 50;

interface CachedVocabulary {
  vocabulary: Vocabulary;
  checkedAt: number;
  termCount: number;
}

/**
 * The search index of both databases: folding, compound expansion, typo correction, GTINs,
 * counting, ranking policy and facets live here; a SearchBackend stores and matches text.
 */
export class FullTextSearchIndex implements SearchIndex {
  private readonly source: SearchDocumentSource;
  private readonly repository: SearchRepository;
  private readonly vocabularies = new Map<number, CachedVocabulary>();
  private readonly documentCounts = new Map<
    string,
    { count: number; minId: number; maxId: number; at: number }
  >();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly backend: SearchBackend,
    private readonly tuning: SearchTuning = DEFAULT_TUNING,
    private readonly now: () => number = Date.now,
  ) {
    this.source = new SearchDocumentSource(db);
    this.repository = new SearchRepository(db);
  }

  // ---- writing ---------------------------------------------------------------------------------

  async indexAssets(assetIds: number[]): Promise<void> {
    const ids = [...new Set(assetIds)];
    if (ids.length === 0) return;
    const [rows, tree] = await Promise.all([this.source.byIds(ids), NodeTree.load(this.db)]);
    const documents = rows
      .filter((row) => row.withdrawn_at === null)
      .map((row) => toSearchDocument(row, tree));
    await this.replace(ids, documents);
  }

  async removeAssets(assetIds: number[]): Promise<void> {
    const ids = [...new Set(assetIds)];
    if (ids.length > 0) await this.replace(ids, []);
  }

  /** Deletes the indexed versions of `ids` and writes `documents` (a subset of them) in one transaction. */
  private async replace(ids: number[], documents: SearchDocument[]): Promise<void> {
    const newTerms = new Map<number, Map<string, number>>();
    await this.db.transaction().execute(async (trx) => {
      const indexed = await this.repository.indexedRoots(trx, ids);
      await this.backend.deleteDocuments(trx, indexed);
      await this.backend.insertDocuments(trx, documents);
      const wasIndexed = new Set(indexed.map((document) => document.assetId));
      for (const document of documents) {
        // Counts grow only for documents new to the index: an estimate that orders expansions.
        const weight = wasIndexed.has(document.assetId) ? 0 : 1;
        const rootTerms = newTerms.get(document.rootId) ?? new Map<string, number>();
        newTerms.set(document.rootId, rootTerms);
        for (const term of vocabularyTermsOf(document))
          rootTerms.set(term, (rootTerms.get(term) ?? 0) + weight);
      }
      for (const [rootId, rootTerms] of newTerms) await this.repository.add(trx, rootId, rootTerms);
    });
    this.afterWrite(newTerms);
  }

  async rebuild(): Promise<void> {
    const tree = await NodeTree.load(this.db);
    await this.db.transaction().execute(async (trx) => {
      await this.backend.clear(trx);
      await this.repository.clear(trx);
    });
    const allTerms = new Map<number, Map<string, number>>();
    let afterId = 0;
    for (;;) {
      const rows: AssetTextRow[] = await this.source.page(afterId, REBUILD_BATCH);
      if (rows.length === 0) break;
      afterId = rows.at(-1)!.id;
      const documents = rows
        .filter((row) => row.withdrawn_at === null)
        .map((row) => toSearchDocument(row, tree));
      for (const [rootId, rootDocuments] of groupByRoot(documents)) {
        const rootTerms = allTerms.get(rootId) ?? new Map<string, number>();
        allTerms.set(rootId, rootTerms);
        for (const document of rootDocuments) {
          for (const term of vocabularyTermsOf(document)) rootTerms.set(term, (rootTerms.get(term) ?? 0) + 1);
        }
      }
      // One transaction per batch: a rebuild of a million assets does not hold the writer for minutes.
      await this.db.transaction().execute((trx) => this.backend.insertDocuments(trx, documents));
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [rootId, rootTerms] of allTerms) await this.repository.add(trx, rootId, rootTerms);
    });
    await this.backend.optimize();
    this.vocabularies.clear();
    this.documentCounts.clear();
  }

  /** Rebuilds when assets exist but nothing is indexed (first start after the search migration). */
  async rebuildIfEmpty(): Promise<boolean> {
    if (!(await this.repository.isIndexEmpty()) || !(await this.source.hasAssets())) return false;
    await this.rebuild();
    return true;
  }

  private afterWrite(newTerms: Map<number, Map<string, number>>): void {
    for (const [rootId, rootTerms] of newTerms) {
      const cached = this.vocabularies.get(rootId);
      if (!cached) continue;
      for (const [term, docs] of rootTerms) cached.vocabulary.add(term, docs);
      cached.termCount = cached.vocabulary.size;
    }
    this.documentCounts.clear();
  }

  // ---- reading ---------------------------------------------------------------------------------

  async search(query: SearchQuery): Promise<SearchResult> {
    const vocabulary = await this.vocabulary(query.rootId);
    const categories = query.categoryIds?.length ? query.categoryIds : undefined;
    const gtinIds = await this.gtinMatches(query.rootId, query.text, categories);

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
    const ordered: SearchHit[] = [
      ...gtinIds.map((assetId) => ({ assetId, score: round(topScore + 1) })),
      ...textHits.filter((hit) => !gtinSet.has(hit.assetId)),
    ];
    const gtinOnly = gtinIds.filter((id) => !text?.sampleIds.has(id)).length;
    const facets =
      plan && text ? await this.facets(query, plan.expression, categories, vocabulary, text) : [];
    if (gtinOnly > 0) await this.addGtinFacets(query.rootId, facets, gtinIds);
    return {
      hits: ordered.slice(query.offset, query.offset + query.limit),
      total: (text?.total ?? 0) + gtinOnly,
      totalIsEstimate: text?.totalIsEstimate ?? false,
      facets,
    };
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
    const hint = this.backend.usesMatchHint
      ? await this.matchHint(query.rootId, expression, categories, vocabulary)
      : undefined;
    const { sample, total, totalIsEstimate } = await this.sampleMatches(
      query.rootId,
      expression,
      categories,
      vocabulary,
      hint,
    );
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
        ranked = ranked.concat(await this.scoreByText(newest.slice(scored, want), expression));
      }
    }
    return {
      hits: ranked.slice(0, want).map(({ id, score }) => ({ assetId: id, score: round(score) })),
      total,
      totalIsEstimate,
      sample,
      sampleIds: new Set(sample),
    };
  }

  /**
   * The newest matches and the total. Up to sampleSize matches the sample is all of them and the
   * total exact; above, the total is extrapolated from how far back the sample reaches. With a
   * smaller estimateSampleSize and a vocabulary that allows many matches, the backend may stop at
   * that many; they are the sample when both the vocabulary (an upper bound per word) and their
   * extrapolation put the total far above sampleSize. Otherwise the full sample is read, so totals
   * below sampleSize stay exact.
   */
  private async sampleMatches(
    rootId: number,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    hint: MatchHint | undefined,
  ): Promise<{ sample: number[]; total: number; totalIsEstimate: boolean }> {
    const size = this.tuning.sampleSize;
    const small = Math.min(this.tuning.estimateSampleSize ?? size, size);
    // Without a hint nothing says the total is large: the full sample, as before.
    const manyPossible = hint !== undefined && hint.maxShare * hint.documents > ESTIMATE_MARGIN * size;
    const enough = small < size && manyPossible ? small + 1 : undefined;
    let matches = await this.backend.newestIds(rootId, expression, categories, size + 1, { hint, enough });
    if (enough !== undefined && matches.length === enough) {
      // Maybe stopped early: extrapolate from these, or read the full sample when that is unsure.
      const total = await this.estimateTotal(rootId, categories, matches[small - 1]!, small);
      if (
        matchUpperBound(expression, vocabulary) > ESTIMATE_MARGIN * size &&
        total > ESTIMATE_MARGIN * size
      ) {
        return { sample: matches.slice(0, small), total, totalIsEstimate: true };
      }
      matches = await this.backend.newestIds(rootId, expression, categories, size + 1, { hint });
    }
    if (matches.length <= size) return { sample: matches, total: matches.length, totalIsEstimate: false };
    const total = await this.estimateTotal(rootId, categories, matches[size - 1]!, size);
    return { sample: matches.slice(0, size), total, totalIsEstimate: true };
  }

  /** The vocabulary's hint for the backend (see match-hint.ts), with the root's cached counts. */
  private async matchHint(
    rootId: number,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
  ): Promise<MatchHint> {
    const root = await this.documentCount(rootId, undefined);
    const within = categories
      ? (await this.documentCount(rootId, categories)).count / Math.max(root.count, 1)
      : 1;
    return matchHint(expression, vocabulary, root, within);
  }

  /** Relevance of these matches from their text (see text-relevance.ts), in the order given. */
  private async scoreByText(ids: number[], expression: MatchExpression): Promise<ScoredId[]> {
    const rows = new Map((await this.source.byIds(ids)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = rows.get(id);
      return { id, score: row ? textRelevance(row, expression) : 0 };
    });
  }

  /** Matches per document of the root, measured over the id range the sample covers, times the root's documents. */
  private async estimateTotal(
    rootId: number,
    categories: number[] | undefined,
    oldestSampleId: number,
    size: number,
  ) {
    const root = await this.documentCount(rootId, categories);
    const inRange = await this.documentsFrom(rootId, categories, oldestSampleId, root);
    return Math.max(size + 1, Math.round((size * root.count) / Math.max(inRange, 1)));
  }

  /**
   * Documents of the root from `id` on. Counted on the shorter side of the root's id span first,
   * each count stopped at RANGE_COUNT_CAP: exact when either side is shorter than that, else
   * interpolated over the id span (counting 300k ids took ~10 ms at 1M assets; the result only
   * feeds an estimate).
   */
  private async documentsFrom(
    rootId: number,
    categories: number[] | undefined,
    id: number,
    root: { count: number; minId: number; maxId: number },
  ): Promise<number> {
    const newerFirst = id - root.minId >= (root.maxId - root.minId) / 2;
    const sides = newerFirst ? [true, false] : [false, true];
    for (const newer of sides) {
      const counted = await this.repository.documentsAround(rootId, categories, id, newer, RANGE_COUNT_CAP);
      if (counted < RANGE_COUNT_CAP) return newer ? counted : root.count - counted;
    }
    const share = (root.maxId - id + 1) / Math.max(root.maxId - root.minId + 1, 1);
    return Math.min(
      Math.max(Math.round(root.count * share), RANGE_COUNT_CAP),
      Math.max(root.count - RANGE_COUNT_CAP, RANGE_COUNT_CAP),
    );
  }

  private async documentCount(rootId: number, categories: number[] | undefined) {
    const key = `${rootId}|${categories?.join(',') ?? ''}`;
    const cached = this.documentCounts.get(key);
    if (cached && this.now() - cached.at < this.tuning.cacheMs) return cached;
    const span = await this.repository.documentSpan(rootId, categories);
    const entry = { ...span, at: this.now() };
    this.documentCounts.set(key, entry);
    return entry;
  }

  /**
   * Hits per top category, ignoring the category filter (the drawer shows every category's count).
   * Exact when the matches fit in the sample; otherwise the sample's shares times the estimated total.
   */
  private async facets(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    text: { sample: number[]; total: number; totalIsEstimate: boolean },
  ): Promise<{ nodeId: number; count: number }[]> {
    let sample = text.sample;
    let total = text.total;
    let estimate = text.totalIsEstimate;
    if (categories) {
      const unfiltered = await this.sampleMatches(
        query.rootId,
        expression,
        undefined,
        vocabulary,
        this.backend.usesMatchHint
          ? await this.matchHint(query.rootId, expression, undefined, vocabulary)
          : undefined,
      );
      ({ sample, total } = unfiltered);
      estimate = unfiltered.totalIsEstimate;
    }
    if (sample.length === 0) return [];
    // Estimated counts are shares of the newest matches times the total: fewer of them do.
    if (estimate) sample = sample.slice(0, FACET_SHARE_SAMPLE);
    const counts = await this.repository.categoryCounts(query.rootId, sample);
    const scale = estimate ? total / sample.length : 1;
    return counts
      .map(({ nodeId, count }) => ({ nodeId, count: Math.round(count * scale) }))
      .sort((a, b) => b.count - a.count || a.nodeId - b.nodeId);
  }

  private async addGtinFacets(
    rootId: number,
    facets: { nodeId: number; count: number }[],
    gtinIds: number[],
  ): Promise<void> {
    for (const { nodeId, count } of await this.repository.categoryCounts(rootId, gtinIds)) {
      const facet = facets.find((candidate) => candidate.nodeId === nodeId);
      if (facet) facet.count = Math.max(facet.count, count);
      else facets.push({ nodeId, count });
    }
  }

  private async vocabulary(rootId: number): Promise<Vocabulary> {
    const cached = this.vocabularies.get(rootId);
    if (cached && this.now() - cached.checkedAt < this.tuning.cacheMs) return cached.vocabulary;
    // Another process may have indexed: reload when the stored term count differs.
    const termCount = await this.repository.termCount(rootId);
    if (cached && cached.termCount === termCount) {
      cached.checkedAt = this.now();
      return cached.vocabulary;
    }
    const vocabulary = new Vocabulary(await this.repository.load(rootId));
    this.vocabularies.set(rootId, { vocabulary, checkedAt: this.now(), termCount });
    return vocabulary;
  }
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
