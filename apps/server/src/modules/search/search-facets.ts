import type { FilterCounts } from '@mediabox/contract';
import type { MatchExpression } from './match-expression.js';
import { filterCounts, passes, type ActiveFilters, type DocumentFacts } from './result-filter.js';
import type { MatchSample, MatchSampler } from './match-sampler.js';
import type { SearchQuery } from './search-index.js';
import type { SearchRepository } from './search.repository.js';
import type { Vocabulary } from './vocabulary.js';

/** Matches whose categories give the shares of estimated facet counts (exact counts use them all). */
const FACET_SHARE_SAMPLE = 500;

export type Facet = { nodeId: number; count: number };

/**
 * Hits per top category for the drawer filter, from the matches a search has sampled anyway: the
 * drawer must show every category's count, whatever the filter, without counting all matches.
 */
export class SearchFacets {
  constructor(
    private readonly sampler: MatchSampler,
    private readonly repository: SearchRepository,
  ) {}

  /**
   * Hits per top category, ignoring the category filter (the drawer shows every category's count)
   * but following the other filters, and hits per filter value (issue 22.2), each following every
   * other filter and the categories. Exact when the matches fit in the sample; otherwise the
   * sample's shares times the estimated total. One read of the sampled documents' filter columns
   * (two with a category filter), as categoryCounts was before.
   */
  async count(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    text: MatchSample,
    filters: ActiveFilters | undefined,
    now: number,
    known?: ReadonlyMap<number, DocumentFacts>,
  ): Promise<{ facets: Facet[]; filterCounts: FilterCounts }> {
    const own = await this.factsOf(query.rootId, text, known);
    const counts = filterCounts(own.facts, filters, undefined, now, own.estimate);
    let all = own;
    if (categories) {
      const unfiltered = await this.sampler.sample(
        query.rootId,
        expression,
        undefined,
        vocabulary,
        await this.sampler.hint(query.rootId, expression, undefined, vocabulary),
      );
      all = await this.factsOf(query.rootId, unfiltered);
    }
    const byCategory = new Map<number, number>();
    for (const document of all.facts) {
      if (document.topCategoryId === null || !passes(document, filters, undefined)) continue;
      byCategory.set(document.topCategoryId, (byCategory.get(document.topCategoryId) ?? 0) + 1);
    }
    const scale = all.estimate?.scale ?? 1;
    const facets = [...byCategory]
      .map(([nodeId, count]) => ({ nodeId, count: Math.round(count * scale) }))
      .sort((a, b) => b.count - a.count || a.nodeId - b.nodeId);
    return { facets, filterCounts: counts };
  }

  /** The sampled documents' filter columns; estimated counts are shares of the newest matches times the total: fewer of them do. */
  private async factsOf(
    rootId: number,
    text: MatchSample,
    known?: ReadonlyMap<number, DocumentFacts>,
  ): Promise<{ facts: DocumentFacts[]; estimate: { scale: number } | null }> {
    const sample = text.totalIsEstimate ? text.sample.slice(0, FACET_SHARE_SAMPLE) : text.sample;
    // A filtered search has read the sample's documents already (they are in the index, or gone).
    const facts =
      known && sample.every((id) => known.has(id))
        ? sample.map((id) => known.get(id)!)
        : [...(await this.repository.documentFacts(rootId, sample)).values()];
    return {
      facts,
      estimate: text.totalIsEstimate ? { scale: text.total / Math.max(sample.length, 1) } : null,
    };
  }

  /** GTIN hits count in their categories too: a category shows at least its GTIN hits. */
  async addGtinHits(rootId: number, facets: Facet[], gtinIds: number[]): Promise<void> {
    for (const { nodeId, count } of await this.repository.categoryCounts(rootId, gtinIds)) {
      const facet = facets.find((candidate) => candidate.nodeId === nodeId);
      if (facet) facet.count = Math.max(facet.count, count);
      else facets.push({ nodeId, count });
    }
  }
}
