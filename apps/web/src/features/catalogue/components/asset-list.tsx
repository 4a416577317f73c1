import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@mediabox/contract';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden';
import { useCartActions, type CartActions } from '../hooks/use-cart-actions';
import { useElementWidth } from '../hooks/use-element-width';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useWindowedRows } from '../hooks/use-windowed-rows';
import { useRovingResults } from '../selection/use-roving-results';
import { downloadOptions } from '../lib/download-options';
import { formatDateTime } from '../lib/format';
import { localized } from '../lib/localized';
import { COMPACT_COLUMNS, COMPACT_ROW_HEIGHT, CompactAssetRow } from './asset-list-compact-row';
import { CartButton } from './cart-button';
import { AssetRowFrame, AssetRowThumbnail, type RowItemProps } from './asset-row-frame';
import { RelevanceBar } from './relevance-bar';
import { SelectCheckbox } from './select-checkbox';

const ROW_HEIGHT = 64;
/** Narrower than this (a phone), the columns leave each only a few letters: rows turn compact. */
const COMPACT_BELOW = 600;

interface AssetListProps {
  assets: Asset[];
  label: string;
  /** Search results show a relevance column (spec 2.3 "relevance bar (search only)"). */
  showRelevance?: boolean;
}

/**
 * Spec 2.3 list view: name, relevance (search only), upload date, media type downloads. A table in
 * ARIA terms built from CSS grid rows of fixed height, so long lists are windowed like the grid.
 */
export function AssetList({ assets, label, showRelevance = false }: AssetListProps) {
  const { t } = useTranslation();
  const tableRef = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLDivElement>(null);
  const cart = useCartActions();
  const compact = useElementWidth(tableRef) < COMPACT_BELOW;
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT;
  const rows = useWindowedRows(ref, { rowCount: assets.length, rowHeight });
  const ids = useMemo(() => assets.map((asset) => asset.id), [assets]);
  const roving = useRovingResults({
    ids,
    columns: 1,
    rendered: rows,
    containerRef: ref,
    reveal: (index) => {
      const top = (ref.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      window.scrollTo({ top: top + index * rowHeight - (window.innerHeight - rowHeight) / 2 });
    },
  });
  const maxScore = useMemo(() => Math.max(0, ...assets.map((asset) => asset.score ?? 0)), [assets]);
  const columns = compact
    ? COMPACT_COLUMNS
    : showRelevance
      ? 'minmax(0, 3fr) minmax(80px, 1fr) 150px minmax(0, 2fr) 48px'
      : 'minmax(0, 3fr) 150px minmax(0, 2fr) 48px';
  // Compact rows show date and relevance under the name; the icon columns say what they are to
  // screen readers only (a visible "Downloads" would not fit above a 40 px icon).
  const headers: [string, boolean][] = compact
    ? [
        ['catalogue.columns.name', true],
        ['catalogue.columns.downloads', false],
        ['catalogue.columns.cart', false],
      ]
    : [
        ['catalogue.columns.name', true],
        ...(showRelevance ? ([['catalogue.columns.relevance', true]] as [string, boolean][]) : []),
        ['catalogue.columns.date', true],
        ['catalogue.columns.downloads', true],
        ['catalogue.columns.cart', true],
      ];

  return (
    <Box
      ref={tableRef}
      role="table"
      aria-label={label}
      aria-rowcount={assets.length + 1}
      sx={{ overflowX: 'auto' }}
    >
      <Box
        role="row"
        aria-rowindex={1}
        sx={{
          display: 'grid',
          gridTemplateColumns: columns,
          gap: compact ? 1 : 2,
          px: 1,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {headers.map(([key, visible]) => (
          <Typography
            key={key}
            role="columnheader"
            variant="subtitle2"
            color="text.secondary"
            noWrap
            sx={visible ? undefined : VISUALLY_HIDDEN}
          >
            {t(key)}
          </Typography>
        ))}
      </Box>
      <Box
        ref={ref}
        role="rowgroup"
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
        sx={{ pt: `${rows.padTop}px`, pb: `${rows.padBottom}px` }}
      >
        {assets
          .slice(rows.start, rows.end)
          .map((asset, index) =>
            compact ? (
              <CompactAssetRow
                key={asset.id}
                asset={asset}
                rowIndex={rows.start + index + 2}
                itemProps={roving.itemProps(rows.start + index)}
                cart={cart}
                relevance={showRelevance ? { maxScore } : undefined}
              />
            ) : (
              <AssetRow
                key={asset.id}
                asset={asset}
                rowIndex={rows.start + index + 2}
                itemProps={roving.itemProps(rows.start + index)}
                columns={columns}
                cart={cart}
                relevance={showRelevance ? { maxScore } : undefined}
              />
            ),
          )}
      </Box>
    </Box>
  );
}

interface AssetRowProps {
  asset: Asset;
  rowIndex: number;
  itemProps: RowItemProps;
  columns: string;
  cart: CartActions;
  relevance?: { maxScore: number };
}

const AssetRow = memo(function AssetRow({
  asset,
  rowIndex,
  itemProps,
  columns,
  cart,
  relevance,
}: AssetRowProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(asset.name, lang);
  return (
    <AssetRowFrame
      asset={asset}
      rowIndex={rowIndex}
      itemProps={itemProps}
      columns={columns}
      height={ROW_HEIGHT}
      gap={2}
    >
      <Stack role="cell" direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <SelectCheckbox assetId={asset.id} name={name} />
        <AssetRowThumbnail asset={asset} />
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={assetPath(asset.id)}
            underline="hover"
            noWrap
            title={name}
            sx={{ display: 'block' }}
          >
            {name}
          </Link>
          {asset.removalRequested && (
            <Typography variant="caption" color="error">
              {t('catalogue.removalRequested')}
            </Typography>
          )}
        </Box>
      </Stack>
      {relevance && (
        <Box role="cell">
          <RelevanceBar score={asset.score} maxScore={relevance.maxScore} />
        </Box>
      )}
      <Typography role="cell" variant="body2" noWrap>
        {formatDateTime(asset.creationDate, lang)}
      </Typography>
      <Stack role="cell" direction="row" spacing={1} sx={{ minWidth: 0, overflow: 'hidden' }}>
        {downloadOptions(asset, lang).map((option) => (
          <Link
            key={option.key}
            href={option.href}
            download={option.fileName}
            variant="body2"
            noWrap
            aria-label={t('catalogue.downloads.fileNamed', { type: option.label, name })}
            title={option.detail}
          >
            {option.label}
          </Link>
        ))}
      </Stack>
      <Box role="cell">
        <CartButton assetId={asset.id} name={name} cart={cart} size="small" />
      </Box>
    </AssetRowFrame>
  );
});
