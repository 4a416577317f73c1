import { gtinNumber, imageCategoryOfCode, productViewRank, type Asset } from '@mediabox/contract';
import { customField } from './image-category';

/**
 * Products, not files (issue 22.7): the loaded search results folded into one card per GTIN. An
 * asset without GTIN stays a card of its own.
 */
export interface ResultProduct {
  /** Stable across pages: `gtin:<number>` (8…14-digit spellings are one product) or `asset:<id>`. */
  key: string;
  /** The GTIN as the first matched view spells it; null for an asset without GTIN. */
  gtin: string | null;
  /** The views the search matched, in result order: the card shows the first at the start. */
  matched: Asset[];
}

/** The key under which a GTIN's product and its views meet (the numeric form of the GTIN). */
export const productKeyOfGtin = (gtin: string) => `gtin:${gtinNumber(gtin)}`;

/**
 * Folds results into products, keeping result order: a product sits where its first matched view
 * appeared, and a later view of it (from a later page too) joins that card instead of making one.
 */
export function productsOfResults(assets: readonly Asset[]): ResultProduct[] {
  const byKey = new Map<string, ResultProduct>();
  const products: ResultProduct[] = [];
  for (const asset of assets) {
    const key = asset.gtin ? productKeyOfGtin(asset.gtin) : `asset:${asset.id}`;
    const known = byKey.get(key);
    if (known) {
      if (!known.matched.some((view) => view.id === asset.id)) known.matched.push(asset);
      continue;
    }
    const product: ResultProduct = { key, gtin: asset.gtin || null, matched: [asset] };
    byKey.set(key, product);
    products.push(product);
  }
  return products;
}

/** How many of the cards are products with a GTIN (the rest are single files). */
export const gtinProductCount = (products: readonly ResultProduct[]) =>
  products.filter((product) => product.gtin !== null).length;

/** The image category (custom field 102: a number or its GS1 code) of a view, if it has one. */
export function imageCategoryOf(asset: Asset): number | null {
  const value = customField(asset, 'imageCategory');
  if (!value) return null;
  return /^\d+$/.test(value) ? Number(value) : (imageCategoryOfCode(value) ?? null);
}

/**
 * Every view of a product: the server's (already in view order) and any matched view it did not
 * answer (beyond its limit, or while it is still loading), in view order too.
 */
export function viewsOfProduct(product: ResultProduct, answered: readonly Asset[] | undefined): Asset[] {
  const views = [...(answered ?? [])];
  const known = new Set(views.map((view) => view.id));
  const missing = product.matched.filter((view) => !known.has(view.id));
  if (missing.length === 0) return views;
  return [...views, ...missing].sort(
    (a, b) => productViewRank(imageCategoryOf(a)) - productViewRank(imageCategoryOf(b)),
  );
}

/**
 * The asset ids a product card stands for: the views the user picked, in view order (`picked`
 * undefined: all views). Selection and "In den Warenkorb" act on exactly these.
 */
export function productCardSelectionIds(
  views: readonly Asset[],
  picked: ReadonlySet<number> | undefined,
): number[] {
  return views.map((view) => view.id).filter((id) => picked === undefined || picked.has(id));
}
