import Box from '@mui/material/Box';
import type { Asset } from '@mediabox/contract';
import { memo, useMemo, useRef } from 'react';
import { useCartActions, type CartActions } from '../hooks/use-cart-actions';
import { CARD_GAP as GAP, useCardGrid } from '../hooks/use-card-grid';
import { useRovingResults } from '../selection/use-roving-results';
import { AssetCard, CARD_INFO_HEIGHT } from './asset-card';

/** One object for every card's wrapper: the focused card's ring (roving focus, issue 22.1). */
const ITEM_SX = {
  borderRadius: 1,
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/**
 * Spec 2.3 grid, windowed: columns follow the width, every row has the same height (square image +
 * fixed info), so the visible rows follow from the scroll position alone and only they are in the DOM.
 */
export function AssetGrid({ assets, label }: { assets: Asset[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const cart = useCartActions();
  const { columns, rowHeight, rowCount, rows, firstScreen } = useCardGrid(
    ref,
    assets.length,
    CARD_INFO_HEIGHT,
  );
  const visible = assets.slice(rows.start * columns, rows.end * columns);
  const ids = useMemo(() => assets.map((asset) => asset.id), [assets]);
  const roving = useRovingResults({
    ids,
    columns,
    rendered: { start: rows.start * columns, end: Math.min(assets.length, rows.end * columns) },
    containerRef: ref,
    // Rows are of fixed height: a card's place follows from its index alone.
    reveal: (index) => {
      const top = (ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      const rowTop = top + Math.floor(index / columns) * rowHeight;
      window.scrollTo({ top: rowTop - (window.innerHeight - rowHeight) / 2 });
    },
  });

  return (
    <Box
      ref={ref}
      role="list"
      aria-label={label}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      sx={{ pt: `${rows.padTop}px`, pb: `${rows.padBottom}px` }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: `${rowHeight - GAP}px`,
          gap: `${GAP}px`,
          // The last rendered row keeps its gap so that padding below continues the rhythm.
          mb: rows.end < rowCount ? `${GAP}px` : 0,
        }}
      >
        {visible.map((asset, offset) => {
          const index = rows.start * columns + offset;
          return (
            <GridItem
              key={asset.id}
              asset={asset}
              index={index}
              setSize={assets.length}
              tabIndex={roving.itemProps(index).tabIndex}
              cart={cart}
              eager={index < firstScreen}
            />
          );
        })}
      </Box>
    </Box>
  );
}

interface GridItemProps {
  asset: Asset;
  /** Place in the loaded results. */
  index: number;
  setSize: number;
  /** 0 for the roving tab stop, else -1. */
  tabIndex: number;
  cart: CartActions;
  eager: boolean;
}

/**
 * One list item of the grid. Memoised with plain props: when the window moves, the cards that stay
 * are not rendered again (not even their wrapper's sx), only the rows coming in (issue 22.1).
 */
const GridItem = memo(function GridItem({ asset, index, setSize, tabIndex, cart, eager }: GridItemProps) {
  return (
    <Box
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      tabIndex={tabIndex}
      data-result-index={index}
      sx={ITEM_SX}
    >
      <AssetCard asset={asset} cart={cart} eager={eager} />
    </Box>
  );
});
