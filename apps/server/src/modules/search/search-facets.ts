import type { FilterCounts } from '@mediabox/contract';
import type { MatchExpression } from './match-expression.js';
import {
  filterCounts,
  groupFacts,
  groupPasses,
  type ActiveFilters,
  type DocumentFacts,
  type FactGroup,
} from './result-filter.js';
import type { MatchSample, MatchSampler } from './match-sampler.js';
import type { SearchQuery } from './search-index.js';
import type { SearchRepository } from './search.repository.js';
import type { Vocabulary } from './vocabulary.js';

/** Matches whose categories give the shares of estimated facet counts (exact counts use them all). */
const FACET_SHARE_SAMPLE = 500;

export type Facet = { nodeId: number; count: number };

type Estimate = { scale: number } | null;

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
   * sample's shares times the estimated total. The sampled documents come grouped by all filter
   * columns from one grouped query (or from the documents a filtered search has read already),
   * and the counts with their exclusions are sums over those groups: far fewer rows than the
   * documents, whose reading cost more than the category count before (issue 22.2 follow-up). A
   * category filter adds one count of the unfiltered sample per category.
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
    const own = this.shareOf(text);
    const groups = await this.groupsOf(query.rootId, own.sample, filters, now, known);
    const counts = filterCounts(groups, filters, undefined, own.estimate);
    // Within categories the sample holds only theirs; the facets need the others too.
    let facets = categories ? undefined : facetsOf(categoryTallies(groups, filters), own.estimate);
    if (!facets) {
      const unfiltered = this.shareOf(
        await this.sampler.sample(
          query.rootId,
          expression,
          undefined,
          vocabulary,
          await this.sampler.hint(query.rootId, expression, undefined, vocabulary),
        ),
      );
      const byCategory = filters
        ? categoryTallies(await this.groupsOf(query.rootId, unfiltered.sample, filters, now), filters)
        : new Map(
            (await this.repository.categoryCounts(query.rootId, unfiltered.sample)).map(
              ({ nodeId, count }) => [nodeId, count] as const,
            ),
          );
      facets = facetsOf(byCategory, unfiltered.estimate);
    }
    return { facets, filterCounts: counts };
  }

  /** The sampled ids the counts read; estimated counts are shares of the newest matches times the total: fewer of them do. */
  private shareOf(text: MatchSample): { sample: number[]; estimate: Estimate } {
    const sample = text.totalIsEstimate ? text.sample.slice(0, FACET_SHARE_SAMPLE) : text.sample;
    return {
      sample,
      estimate: text.totalIsEstimate ? { scale: text.total / Math.max(sample.length, 1) } : null,
    };
  }

  /** The documents grouped by their filter columns, in SQL unless a filtered search has read them all already. */
  private async groupsOf(
    rootId: number,
    sample: number[],
    filters: ActiveFilters | undefined,
    now: number,
    known?: ReadonlyMap<number, DocumentFacts>,
  ): Promise<FactGroup[]> {
    // A filtered search has read the sample's documents already (they are in the index, or gone).
    if (known && sample.every((id) => known.has(id)))
      return groupFacts(
        sample.map((id) => known.get(id)!),
        filters,
        now,
      );
    return this.repository.factGroups(rootId, sample, filters, now);
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

/** Documents per top category among the groups passing the filters (the categories left out). */
function categoryTallies(groups: FactGroup[], filters: ActiveFilters | undefined): Map<number, number> {
  const byCategory = new Map<number, number>();
  for (const group of groups) {
    if (group.topCategoryId === null || !groupPasses(group, filters, undefined)) continue;
    byCategory.set(group.topCategoryId, (byCategory.get(group.topCategoryId) ?? 0) + group.count);
  }
  return byCategory;
}

function facetsOf(byCategory: ReadonlyMap<number, number>, estimate: Estimate): Facet[] {
  const scale = estimate?.scale ?? 1;
  return [...byCategory]
    .map(([nodeId, count]) => ({ nodeId, count: Math.round(count * scale) }))
    .sort((a, b) => b.count - a.count || a.nodeId - b.nodeId);
}
