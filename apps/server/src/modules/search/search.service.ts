import { COUNTRY_ROOTS, type Asset, type SearchAnswer, type SearchRequest } from '@mediabox/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/http/auth.js';
import type { SearchIndex } from './search-index.js';
import type { SearchRepository } from './search.repository.js';

/** What the route hands over: the request after the contract's parsing (defaults applied). */
export type ParsedSearchRequest = z.output<typeof SearchRequest>;

/** The catalogue's part of an answer: presented assets in the order asked (the CatalogueService). */
export interface AssetPresenter {
  assetsByIds(ids: number[], viewer: AuthUser): Promise<Asset[]>;
}

export interface SearchServiceDeps {
  index: SearchIndex;
  assets: AssetPresenter;
  repository: SearchRepository;
}

/** `POST /api/search/` (spec 2.4, 7.2): ranked hits of the index, presented by the catalogue. */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  async search(request: ParsedSearchRequest, viewer: AuthUser): Promise<SearchAnswer> {
    const { offset, limit } = request;
    const result = await this.deps.index.search({
      text: request.query,
      rootId: request.rootId ?? COUNTRY_ROOTS.germany,
      ...(request.categories?.length ? { categoryIds: request.categories } : {}),
      offset,
      limit,
    });
    const scores = new Map(result.hits.map((hit) => [hit.assetId, hit.score]));
    const [assets, names] = await Promise.all([
      this.deps.assets.assetsByIds([...scores.keys()], viewer),
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
    };
  }
}
