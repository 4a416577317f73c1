import Box from '@mui/material/Box';
import type { Asset } from '@mediabox/contract';
import { useMemo, useRef } from 'react';
import { useProductViews } from '../api/product-views-api';
import { useCartActions } from '../hooks/use-cart-actions';
import { CARD_GAP as GAP, useCardGrid } from '../hooks/use-card-grid';
import { productsOfResults, viewsOfProduct } from '../lib/products-of-results';
import { AssetCard } from './asset-card';
import { PRODUCT_CARD_INFO_HEIGHT, ProductCard } from './product-card';

/**
 * Issue 22.7: the loaded search results as product cards (one per GTIN; an asset without GTIN keeps
 * its own card), windowed like the asset grid: every row has the same height, the product card's.
 * Its own chunk (search-page.tsx loads it lazily): the files view never downloads it.
 */
export default function ProductGrid({
  assets,
  rootId,
  label,
}: {
  assets: Asset[];
  rootId: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const cart = useCartActions();
  const products = useMemo(() => productsOfResults(assets), [assets]);
  const gtins = useMemo(
    () => products.flatMap((product) => (product.gtin === null ? [] : [product.gtin])),
    [products],
  );
  const answered = useProductViews(gtins, rootId);
  const { columns, rowHeight, rowCount, rows, firstScreen } = useCardGrid(
    ref,
    products.length,
    PRODUCT_CARD_INFO_HEIGHT,
  );
  const visible = products.slice(rows.start * columns, rows.end * columns);

  return (
    <Box ref={ref} role="list" aria-label={label} sx={{ pt: `${rows.padTop}px`, pb: `${rows.padBottom}px` }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: `${rowHeight - GAP}px`,
          gap: `${GAP}px`,
          mb: rows.end < rowCount ? `${GAP}px` : 0,
        }}
      >
        {visible.map((product, index) => {
          const position = rows.start * columns + index;
          const known = answered.get(product.key);
          const views = viewsOfProduct(product, known?.views);
          return (
            <Box
              key={product.key}
              role="listitem"
              aria-posinset={position + 1}
              aria-setsize={products.length}
            >
              {product.gtin === null ? (
                <AssetCard asset={product.matched[0]!} cart={cart} eager={position < firstScreen} />
              ) : (
                <ProductCard
                  gtin={product.gtin}
                  views={views}
                  matchedId={product.matched[0]!.id}
                  viewCount={Math.max(known?.viewCount ?? 0, views.length)}
                  cart={cart}
                  eager={position < firstScreen}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
