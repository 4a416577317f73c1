import {
  COUNTRY_ROOTS,
  PRODUCT_VIEWS_MAX,
  gtinNumber,
  type Asset,
  type ProductViewsAnswer,
  type ProductViewsRequest,
} from '@mediabox/contract';
import type { AuthUser } from '../../platform/http/auth.js';
import type { ProductViewsRepository } from './product-views.repository.js';

/** What presents assets exactly as search results are presented (CatalogueService.assetsByIds). */
export interface AssetsByIds {
  assetsByIds(ids: number[], viewer: AuthUser): Promise<Asset[]>;
}

/**
 * `POST /api/products/views` (issue 22.7): every visible view of each GTIN in the country root, front
 * first, for the product cards of a search. The request was checked by the contract (1…100 valid
 * GTINs); two queries whatever their number: the ranked ids, then the assets with their files.
 */
export class ProductViewsService {
  constructor(private readonly deps: { repository: ProductViewsRepository; assets: AssetsByIds }) {}

  async views(request: ProductViewsRequest, viewer: AuthUser): Promise<ProductViewsAnswer> {
    // One entry per product: the 8, 12, 13 and 14-digit spellings of a GTIN are one number.
    const asked = new Map<number, string>();
    for (const gtin of request.gtins) {
      const number = gtinNumber(gtin);
      if (!asked.has(number)) asked.set(number, gtin);
    }
    const rows = await this.deps.repository.viewsOf(
      [...asked.keys()],
      request.rootId ?? COUNTRY_ROOTS.germany,
      PRODUCT_VIEWS_MAX,
    );
    const assets = new Map(
      (
        await this.deps.assets.assetsByIds(
          rows.map((row) => row.assetId),
          viewer,
        )
      ).map((asset) => [asset.id, asset]),
    );
    return {
      products: [...asked].map(([number, gtin]) => {
        const own = rows.filter((row) => row.gtinNumber === number);
        // An asset withdrawn between the two queries is left out rather than answered half.
        const views = own.map((row) => assets.get(row.assetId)).filter((asset) => asset !== undefined);
        return { gtin, views, viewCount: own[0]?.viewCount ?? 0 };
      }),
    };
  }
}
