import {
  COUNTRY_ROOTS,
  SELECTION_MAX,
  type Asset,
  type AssetIdsAnswer,
  type SearchIdsRequest,
  type SearchAnswer,
  type SearchCountriesAnswer,
  type SearchRequest,
  type SuggestAnswer,
  type SuggestQuery,
  SUGGESTED_ASSETS,
  SUGGESTED_CATEGORIES,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/http/auth.js';
import { activeFilters } from './result-filter.js';
import type { SearchIndex, SearchQuery } from './search-index.js';
import type { SearchRepository } from './search.repository.js';

/** What the route hands over: the request after the contract's parsing (defaults applied). */
export type ParsedSearchRequest = z.output<typeof SearchRequest>;
export type ParsedSuggestQuery = z.output<typeof SuggestQuery>;
export type ParsedSearchIdsRequest = z.output<typeof SearchIdsRequest>;

/** The catalogue's part of an answer: presented assets in the order asked (the CatalogueService). */
export interface AssetPresenter {
  assetsByIds(ids: number[], viewer: AuthUser): Promise<Asset[]>;
}

/** Who searches: the signed-in user and the client address (for usage tracking). */
export interface Searcher {
  user: AuthUser;
  ip: string;
}

/** A search that ran, as usage tracking counts it: the first page's request and the total found. */
export interface RanSearch {
  query: string;
  resultCount: number;
  rootId: number;
  categories?: readonly number[] | undefined;
}

/**
 * Usage tracking (the TrackingService): told of every first page of results, consent permitting.
 * The server records searches, not the app, so no client can invent a term or count (issue 17.8).
 */
export interface SearchRecorder {
  recordSearch(search: RanSearch, client: Searcher): Promise<unknown>;
}

export interface SearchServiceDeps {
  index: SearchIndex;
  assets: AssetPresenter;
  repository: SearchRepository;
  recorder: SearchRecorder;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The time "new" and date filters count from; Date.now when absent. */
  now?: () => number;
}

/** `POST /api/search/` (spec 2.4, 7.2): ranked hits of the index, presented by the catalogue. */
export class SearchService {
  /** Recordings for usage tracking still being written. */
  private readonly recording = new Set<Promise<unknown>>();

  constructor(private readonly deps: SearchServiceDeps) {}

  async search(request: ParsedSearchRequest, searcher: Searcher): Promise<SearchAnswer> {
    const { offset, limit } = request;
    const viewer = searcher.user;
    const rootId = request.rootId ?? COUNTRY_ROOTS.germany;
    // The page is presented while the index still counts (onPage).
    let early: { ids: number[]; assets: Promise<Asset[]> } | undefined;
    const result = await this.deps.index.search({
      ...this.indexQuery(request),
      offset,
      limit,
      onPage: (ids) => {
        const assets = this.deps.assets.assetsByIds(ids, viewer);
        // One replaced by a search of fewer words is never awaited: its failure must not go unhandled.
        assets.catch(() => undefined);
        early = { ids, assets };
      },
    });
    if (offset === 0) this.record({ ...request, rootId, resultCount: result.total }, searcher);
    const scores = new Map(result.hits.map((hit) => [hit.assetId, hit.score]));
    const ids = [...scores.keys()];
    const [assets, names] = await Promise.all([
      early && sameIds(early.ids, ids) ? early.assets : this.deps.assets.assetsByIds(ids, viewer),
      this.deps.repository.nodeNames(result.facets.map((facet) => facet.nodeId)),
    ]);
    return {
      results: assets.map((asset) => ({ ...asset, score: scores.get(asset.id) ?? 0 })),
      numberTotal: result.total,
      totalIsEstimate: result.totalIsEstimate,
      hasNextPage: offset + result.hits.length < result.total,
      currentPage: Math.floor(offset / limit) + 1,
      facets: result.facets.flatMap((facet) => {
        const name = names.get(facet.nodeId);
        return name ? [{ nodeId: facet.nodeId, name, count: facet.count }] : [];
      }),
      partial: result.partial ?? null,
      ...(result.filterCounts ? { filterCounts: result.filterCounts } : {}),
    };
  }

  /**
   * `POST /api/search/ids` (issue 22.1): every match's id in result order (same filters and
   * sort as the search), at most SELECTION_MAX, from the index alone: nothing is presented, and
   * the index holds only visible assets, as search results show. Not recorded for tracking.
   */
  async ids(request: ParsedSearchIdsRequest): Promise<AssetIdsAnswer> {
    const result = await this.deps.index.search({
      ...this.indexQuery(request),
      offset: 0,
      limit: SELECTION_MAX,
      idsOnly: true,
    });
    const ids = result.hits.map((hit) => hit.assetId);
    return {
      ids,
      numberTotal: Math.max(result.total, ids.length),
      totalIsEstimate: result.totalIsEstimate,
      truncated: result.total > ids.length,
    };
  }

  /** The index's query for a search request, without paging. */
  private indexQuery(request: ParsedSearchIdsRequest): Omit<SearchQuery, 'offset' | 'limit'> {
    const now = (this.deps.now ?? Date.now)();
    const filters = activeFilters(request.filters, now);
    return {
      text: request.query,
      rootId: request.rootId ?? COUNTRY_ROOTS.germany,
      ...(request.categories?.length ? { categoryIds: request.categories } : {}),
      ...(filters ? { filters } : {}),
      ...(request.sort && request.sort !== 'relevance' ? { sort: request.sort } : {}),
      now,
    };
  }

  /**
   * `GET /api/search/suggest` (issue 22.3): a few assets and categories for the search box. The
   * assets come from the same index as the search (only visible assets are indexed) and are
   * presented by the catalogue like search hits (signed thumbnails); not recorded for tracking.
   */
  async suggest(query: ParsedSuggestQuery, viewer: AuthUser): Promise<SuggestAnswer> {
    const rootId = query.rootId ?? COUNTRY_ROOTS.germany;
    const [ids, categories] = await Promise.all([
      this.deps.index.suggest({ text: query.q, rootId, limit: SUGGESTED_ASSETS }),
      this.deps.repository.categoriesNamed(rootId, query.q, query.lang, SUGGESTED_CATEGORIES),
    ]);
    const assets = await this.deps.assets.assetsByIds(ids, viewer);
    return {
      assets: assets.map((asset) => ({
        id: asset.id,
        name: asset.name[query.lang] || asset.name.de,
        gtin: asset.gtin,
        thumbUrl: asset.defaultThumbTicket,
      })),
      categories,
    };
  }

  /**
   * `POST /api/search/countries` (issue 19.13): the total of the query in every country root, for
   * the "search in all countries" offer of an empty result. Every signed-in user may browse every
   * country, so every root is asked. Not recorded for usage tracking: the search itself was.
   */
  async countries(query: string): Promise<SearchCountriesAnswer> {
    const countries = [];
    for (const rootId of Object.values(COUNTRY_ROOTS)) {
      const result = await this.deps.index.search({ text: query, rootId, offset: 0, limit: 1 });
      countries.push({ rootId, numberTotal: result.total, totalIsEstimate: result.totalIsEstimate });
    }
    return { countries };
  }

  /**
   * Tells usage tracking without waiting for it: the answer must not wait for a consent read and
   * two writes, and a tracking failure must not fail a search.
   */
  private record(search: RanSearch, searcher: Searcher): void {
    const recording = this.deps.recorder
      .recordSearch(search, searcher)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'search not recorded for usage tracking'))
      .finally(() => this.recording.delete(recording));
    this.recording.add(recording);
  }

  /** Resolves once every search answered so far is recorded (at shutdown, before the database closes). */
  async recorded(): Promise<void> {
    while (this.recording.size > 0) await Promise.all([...this.recording]);
  }
}

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
