import { COUNTRY_ROOTS, PRODUCT_GTINS_MAX, endpoints, type Asset } from '@mediabox/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../shared/api/client';
import { productKeyOfGtin } from '../lib/products-of-results';

const KNOWN_ROOTS: number[] = Object.values(COUNTRY_ROOTS);

/** What the product cards know of each product: its views in view order and how many it has. */
export type ProductViewsByKey = Map<string, { views: Asset[]; viewCount: number }>;

/**
 * `POST /api/products/views` for the products of the loaded results (issue 22.7), in requests of at
 * most PRODUCT_GTINS_MAX GTINs. The GTINs come in order of first appearance and a later page only
 * appends, so earlier requests keep their keys and only the last one is asked again.
 */
export function useProductViews(gtins: readonly string[], rootId: number): ProductViewsByKey {
  const chunks = useMemo(() => {
    const result: string[][] = [];
    for (let start = 0; start < gtins.length; start += PRODUCT_GTINS_MAX) {
      result.push(gtins.slice(start, start + PRODUCT_GTINS_MAX));
    }
    return result;
  }, [gtins]);
  const root = KNOWN_ROOTS.includes(rootId) ? rootId : undefined;
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: ['catalogue', 'product-views', root ?? 0, chunk] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(endpoints.productViews, { body: { gtins: chunk, ...(root ? { rootId: root } : {}) }, signal }),
      staleTime: 60_000,
    })),
    combine: (answers) => {
      const byKey: ProductViewsByKey = new Map();
      for (const answer of answers) {
        for (const product of answer.data?.products ?? []) {
          byKey.set(productKeyOfGtin(product.gtin), { views: product.views, viewCount: product.viewCount });
        }
      }
      return byKey;
    },
  });
}
