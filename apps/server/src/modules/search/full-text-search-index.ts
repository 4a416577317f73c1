import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { planMatch, type MatchExpression } from './match-expression.js';
import type { ScoredId, SearchBackend } from './search-backend.js';
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
import { gtinQueryNumber } from './text-folding.js';
import { Vocabulary } from './vocabulary.js';

export interface SearchTuning {
  /** Matches read newest-first per query: below this the total is exact and the ranking global. */
  sampleSize: number;
  /** Estimated totals up to this get global relevance ranking; above, the newest sample is ranked. */
  globalRankLimit: number;
  /** How long a vocabulary or a root's document count may be reused before checking for changes. */
  cacheMs: number;
}

/**
 * The notes measured global ranking up to 25,000 estimated matches at p95 13.6–18.2 ms (bare
 * index); we rank globally up to 10,000 to keep the service path under 20 ms at 1M assets.
 */
export const DEFAULT_TUNING: SearchTuning = { sampleSize: 2000, globalRankLimit: 10_000, cacheMs: 30_000 };

const REBUILD_BATCH = 5000;

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
  private readonly documentCounts = new Map<string, { count: number; at: number }>();

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
    const gtinNumber = gtinQueryNumber(query.text);
    const gtinIds =
      gtinNumber === null ? [] : await this.repository.gtinMatches(query.rootId, gtinNumber, categories);

    let plan = planMatch(query.text, vocabulary, false);
    let text = plan?.satisfiable ? await this.runText(query, plan.expression, categories) : null;
    if (plan && (!text || text.total === 0) && gtinIds.length === 0) {
      // Nothing found: one more run with the vocabulary's close spellings of unknown words.
      plan = planMatch(query.text, vocabulary, true);
      text = plan?.satisfiable ? await this.runText(query, plan.expression, categories) : null;
    }

    const textHits = text?.hits ?? [];
    const topScore = textHits.reduce((max, hit) => Math.max(max, hit.score), 0);
    const gtinSet = new Set(gtinIds);
    const ordered: SearchHit[] = [
      ...gtinIds.map((assetId) => ({ assetId, score: round(topScore + 1) })),
      ...textHits.filter((hit) => !gtinSet.has(hit.assetId)),
    ];
    const gtinOnly = gtinIds.filter((id) => !text?.sampleIds.has(id)).length;
    const facets = plan && text ? await this.facets(query, plan.expression, categories, text) : [];
    if (gtinOnly > 0) await this.addGtinFacets(facets, gtinIds);
    return {
      hits: ordered.slice(query.offset, query.offset + query.limit),
      total: (text?.total ?? 0) + gtinOnly,
      totalIsEstimate: text?.totalIsEstimate ?? false,
      facets,
    };
  }

  /**
   * One text run. The newest `sampleSize` matches come first (cheap: doclists in rowid order);
   * below that size they are all the matches, so the total is exact and ranking them is global.
   * Above it, the total is extrapolated from how far back the sample reaches, and ranking is global
   * for moderate totals, else limited to the sample (the notes' hybrid).
   */
  private async runText(query: SearchQuery, expression: MatchExpression, categories: number[] | undefined) {
    const want = query.offset + query.limit + 1;
    const size = this.tuning.sampleSize;
    const sample = await this.backend.newestMatches(query.rootId, expression, categories, size + 1);
    let total = sample.length;
    let totalIsEstimate = false;
    let ranked: ScoredId[];
    if (sample.length <= size) {
      ranked = sample.slice().sort(byRelevance);
    } else {
      totalIsEstimate = true;
      total = await this.estimateTotal(query.rootId, categories, sample[size - 1]!.id, size);
      if (total <= this.tuning.globalRankLimit) {
        ranked = await this.backend.rankedMatches(query.rootId, expression, categories, want);
      } else {
        ranked = sample.slice(0, size).sort(byRelevance);
        if (want > size) {
          // Past the ranked sample, older matches follow newest first.
          const more = await this.backend.newestMatches(query.rootId, expression, categories, want);
          ranked = ranked.concat(more.slice(size));
        }
      }
    }
    return {
      hits: ranked.slice(0, want).map(({ id, score }) => ({ assetId: id, score: round(score) })),
      total,
      totalIsEstimate,
      sample: sample.slice(0, size),
      sampleIds: new Set(sample.map(({ id }) => id)),
    };
  }

  /** Matches per document of the root, measured over the id range the sample covers, times the root's documents. */
  private async estimateTotal(
    rootId: number,
    categories: number[] | undefined,
    oldestSampleId: number,
    size: number,
  ) {
    const inRange = await this.repository.documentsFrom(rootId, categories, oldestSampleId);
    const all = await this.documentCount(rootId, categories);
    return Math.max(size + 1, Math.round((size * all) / Math.max(inRange, 1)));
  }

  private async documentCount(rootId: number, categories: number[] | undefined): Promise<number> {
    const key = `${rootId}|${categories?.join(',') ?? ''}`;
    const cached = this.documentCounts.get(key);
    if (cached && this.now() - cached.at < this.tuning.cacheMs) return cached.count;
    const count = await this.repository.documentsFrom(rootId, categories, 0);
    this.documentCounts.set(key, { count, at: this.now() });
    return count;
  }

  /**
   * Hits per top category, ignoring the category filter (the drawer shows every category's count).
   * Exact when the matches fit in the sample; otherwise the sample's shares times the estimated total.
   */
  private async facets(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    text: { sample: ScoredId[]; total: number; totalIsEstimate: boolean },
  ): Promise<{ nodeId: number; count: number }[]> {
    let sample = text.sample;
    let total = text.total;
    let estimate = text.totalIsEstimate;
    if (categories) {
      const size = this.tuning.sampleSize;
      const unfiltered = await this.backend.newestMatches(query.rootId, expression, undefined, size + 1);
      sample = unfiltered.slice(0, size);
      estimate = unfiltered.length > size;
      total = estimate
        ? await this.estimateTotal(query.rootId, undefined, sample[size - 1]!.id, size)
        : sample.length;
    }
    if (sample.length === 0) return [];
    const counts = await this.repository.categoryCounts(sample.map(({ id }) => id));
    const scale = estimate ? total / sample.length : 1;
    return counts
      .map(({ nodeId, count }) => ({ nodeId, count: Math.round(count * scale) }))
      .sort((a, b) => b.count - a.count || a.nodeId - b.nodeId);
  }

  private async addGtinFacets(facets: { nodeId: number; count: number }[], gtinIds: number[]): Promise<void> {
    for (const { nodeId, count } of await this.repository.categoryCounts(gtinIds)) {
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

/** Best first; equal scores newest first, so pages are stable. */
function byRelevance(a: ScoredId, b: ScoredId): number {
  return round(b.score) - round(a.score) || b.id - a.id;
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
