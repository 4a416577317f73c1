import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@mediabox/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetPath } from '../../../shared/routing/paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import type { CartActions } from '../hooks/use-cart-actions';
import { formatDateTime } from '../lib/format';
import { localized } from '../lib/localized';
import { TWO_LINES } from '../lib/two-lines';
import { CartButton } from './cart-button';
import { DownloadMenu } from './download-menu';
import { AssetRowFrame, AssetRowThumbnail, type RowItemProps } from './asset-row-frame';
import { RelevanceBar } from './relevance-bar';
import { SelectCheckbox } from './select-checkbox';

/** Fixed, so the list can window its rows by arithmetic: room for two lines of name and the date. */
export const COMPACT_ROW_HEIGHT = 84;
/** Name with date (and relevance) below it, then the download menu and the cart button. */
export const COMPACT_COLUMNS = 'minmax(0, 1fr) 40px 40px';

interface CompactAssetRowProps {
  asset: Asset;
  rowIndex: number;
  itemProps: RowItemProps;
  cart: CartActions;
  relevance?: { maxScore: number };
}

/**
 * A list row for a narrow screen (a phone): the four columns of the wide row left each a few letters
 * there, so the name gets the width and the downloads are the cards' menu.
 */
export const CompactAssetRow = memo(function CompactAssetRow({
  asset,
  rowIndex,
  itemProps,
  cart,
  relevance,
}: CompactAssetRowProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(asset.name, lang);
  return (
    <AssetRowFrame
      asset={asset}
      rowIndex={rowIndex}
      itemProps={itemProps}
      columns={COMPACT_COLUMNS}
      height={COMPACT_ROW_HEIGHT}
      gap={1}
    >
      <Stack role="cell" direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {/* On the thumbnail's corner, as on a card: beside it, the box would take the name's width. */}
        <Box sx={{ position: 'relative', flexShrink: 0 }}>
          <AssetRowThumbnail asset={asset} />
          <Box sx={{ position: 'absolute', top: -4, left: -4, zIndex: 1 }}>
            <SelectCheckbox assetId={asset.id} name={name} />
          </Box>
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <HintTooltip title={name}>
            <Link
              component={RouterLink}
              to={assetPath(asset.id)}
              underline="hover"
              variant="body2"
              sx={{ lineHeight: 1.35, ...TWO_LINES }}
            >
              {name}
            </Link>
          </HintTooltip>
          <Typography
            variant="caption"
            color={asset.removalRequested ? 'error' : 'text.secondary'}
            noWrap
            sx={{ display: 'block' }}
          >
            {asset.removalRequested
              ? t('catalogue.removalRequested')
              : formatDateTime(asset.creationDate, lang)}
          </Typography>
          {relevance && <RelevanceBar score={asset.score} maxScore={relevance.maxScore} />}
        </Box>
      </Stack>
      <Box role="cell">
        <DownloadMenu asset={asset} name={name} />
      </Box>
      <Box role="cell">
        <CartButton assetId={asset.id} name={name} cart={cart} size="small" />
      </Box>
    </AssetRowFrame>
  );
});
