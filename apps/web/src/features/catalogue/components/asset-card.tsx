import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset } from '@mediabox/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import type { CartActions } from '../hooks/use-cart-actions';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { TWO_LINES } from '../lib/two-lines';
import { CartButton } from './cart-button';
import { DownloadMenu } from './download-menu';
import { SelectCheckbox } from './select-checkbox';

/** Height of everything below the square thumbnail: two lines of name and the button row. */
export const CARD_INFO_HEIGHT = 100;

interface AssetCardProps {
  asset: Asset;
  cart: CartActions;
  /** The picture is in the first screenful: loaded at once rather than lazily. */
  eager?: boolean;
}

/** Spec 2.3 grid card. Fixed height (square image + info), so the grid can window rows by arithmetic. */
export const AssetCard = memo(function AssetCard({ asset, cart, eager = false }: AssetCardProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = localized(asset.name, lang);
  return (
    <Card
      component="article"
      aria-label={name}
      variant="outlined"
      data-removal-requested={asset.removalRequested || undefined}
      // The hover area that shows the selection checkbox (issue 22.1).
      className="selectable"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        // Spec 2.3: assets with a pending removal request stand out with a reddish border.
        ...(asset.removalRequested && { borderColor: 'error.light', borderWidth: 2 }),
        // A selected card is marked by its checkbox's state, without re-rendering the card.
        '&:has(.select-checkbox.Mui-checked)': { borderColor: 'primary.main', bgcolor: 'action.selected' },
      }}
    >
      <Box sx={{ position: 'absolute', top: 4, left: 4, zIndex: 1 }}>
        <SelectCheckbox assetId={asset.id} name={name} />
      </Box>
      <Box
        component={RouterLink}
        to={assetPath(asset.id)}
        tabIndex={-1}
        aria-hidden
        sx={{ position: 'relative', display: 'block', aspectRatio: '1 / 1', bgcolor: 'grey.50' }}
      >
        <RetryingImage src={asset.defaultThumbTicket} alt="" eager={eager} />
      </Box>
      <Stack sx={{ height: CARD_INFO_HEIGHT, px: 1.5, pt: 1, pb: 0.5 }}>
        {/* A real tooltip, unlike a title attribute, also shows on keyboard focus and a long touch. */}
        <HintTooltip title={name}>
          <Link
            component={RouterLink}
            to={assetPath(asset.id)}
            underline="hover"
            color="text.primary"
            sx={{ fontSize: '0.875rem', lineHeight: 1.35, ...TWO_LINES }}
          >
            {name}
          </Link>
        </HintTooltip>
        <Stack direction="row" sx={{ mt: 'auto', alignItems: 'center' }}>
          {asset.removalRequested && (
            <Typography variant="caption" color="error" sx={{ flex: 1 }} noWrap>
              {t('catalogue.removalRequested')}
            </Typography>
          )}
          <Box sx={{ ml: 'auto', display: 'flex' }}>
            <CartButton assetId={asset.id} name={name} cart={cart} size="small" />
            <DownloadMenu asset={asset} name={name} />
          </Box>
        </Stack>
      </Stack>
    </Card>
  );
});
