import type { MatchExpression } from './match-expression.js';
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
   * Hits per top category, ignoring the category filter (the drawer shows every category's count).
   * Exact when the matches fit in the sample; otherwise the sample's shares times the estimated total.
   */
  async count(
    query: SearchQuery,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    text: MatchSample,
  ): Promise<Facet[]> {
    let sample = text.sample;
    let total = text.total;
    let estimate = text.totalIsEstimate;
    if (categories) {
      const unfiltered = await this.sampler.sample(
        query.rootId,
        expression,
        undefined,
        vocabulary,
        await this.sampler.hint(query.rootId, expression, undefined, vocabulary),
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

  /** GTIN hits count in their categories too: a category shows at least its GTIN hits. */
  async addGtinHits(rootId: number, facets: Facet[], gtinIds: number[]): Promise<void> {
    for (const { nodeId, count } of await this.repository.categoryCounts(rootId, gtinIds)) {
      const facet = facets.find((candidate) => candidate.nodeId === nodeId);
      if (facet) facet.count = Math.max(facet.count, count);
      else facets.push({ nodeId, count });
    }
  }
}
