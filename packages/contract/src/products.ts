import { z } from 'zod';
import { Asset } from './catalogue.js';
import { COUNTRY_ROOTS } from './constants.js';
import { isValidGtin } from './gs1.js';

/**
 * Products, not files (issue 22.7). The views of one product (same GTIN: front, left, back, …) are
 * separate assets; the app folds a page of search results into one card per GTIN and asks
 * `POST /api/products/views` for each product's other views. Search answers stay pages of assets.
 */

/** Most GTINs one call asks for: two search pages of distinct products. */
export const PRODUCT_GTINS_MAX = 100;

/**
 * Most views one product answers: every image category in a few versions. A GTIN with more visible
 * assets (360° frames) answers the first this many in view order and says how many it has.
 */
export const PRODUCT_VIEWS_MAX = 24;

/**
 * The order of a product's views by image category (custom field 102): the front first (with and
 * without perspective), then the sides as one walks round the pack, top and bottom, then the further
 * GS1 states of the front. Views without a category come last.
 */
export const PRODUCT_VIEW_ORDER = [1, 4, 2, 3, 5, 8, 7, 6, 9, 10, 11, 12] as const;

/** A view's place in PRODUCT_VIEW_ORDER; uncategorised and unknown categories after every known one. */
export function productViewRank(imageCategory: number | null | undefined): number {
  const index = (PRODUCT_VIEW_ORDER as readonly number[]).indexOf(imageCategory ?? -1);
  return index === -1 ? PRODUCT_VIEW_ORDER.length : index;
}

const COUNTRY_ROOT_IDS: number[] = Object.values(COUNTRY_ROOTS);

/** A GTIN-8, -12, -13 or -14 with its check digit, as the app accepts them elsewhere. */
const Gtin = z
  .string()
  .trim()
  .max(14, { error: 'products.errors.badGtin' })
  .refine(isValidGtin, { error: 'products.errors.badGtin' });

export const ProductViewsRequest = z.object({
  gtins: z
    .array(Gtin)
    .min(1, { error: 'products.errors.noGtins' })
    .max(PRODUCT_GTINS_MAX, { error: 'products.errors.tooManyGtins' }),
  /** Country root the views come from; defaults to germany, as search does. */
  rootId: z
    .number()
    .int()
    .refine((id) => COUNTRY_ROOT_IDS.includes(id), { error: 'search.errors.unknownRoot' })
    .optional(),
});
export type ProductViewsRequest = z.input<typeof ProductViewsRequest>;

export const ProductViews = z.object({
  /** The GTIN as the request spelled it (8, 12, 13 and 14-digit spellings of one product are one). */
  gtin: z.string(),
  /** Every visible asset of the GTIN in the root, in view order (PRODUCT_VIEW_ORDER), at most PRODUCT_VIEWS_MAX. */
  views: z.array(Asset),
  /** How many visible views the product has, also beyond PRODUCT_VIEWS_MAX. */
  viewCount: z.number().int(),
});
export type ProductViews = z.infer<typeof ProductViews>;

export const ProductViewsAnswer = z.object({
  /** One entry per distinct requested GTIN, in request order; `views` is empty when none is visible. */
  products: z.array(ProductViews),
});
export type ProductViewsAnswer = z.infer<typeof ProductViewsAnswer>;
