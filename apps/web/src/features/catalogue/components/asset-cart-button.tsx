import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import type { CartActions } from '../hooks/use-cart-actions';

/**
 * The asset page's main cart action: a button that says what it does. The asset is the page's
 * subject, so the label needs no name (the cards' icon buttons do).
 */
export function AssetCartButton({ assetId, cart }: { assetId: number; cart: CartActions }) {
  const { t } = useTranslation();
  const inCart = cart.isInCart(assetId);
  const button = (
    <Button
      variant={inCart ? 'outlined' : 'contained'}
      startIcon={inCart ? <RemoveShoppingCartIcon /> : <AddShoppingCartIcon />}
      disabled={!cart.enabled}
      onClick={() => (inCart ? cart.remove([assetId]) : cart.add([assetId]))}
      sx={{ width: { xs: '100%', sm: 'auto' } }}
    >
      {t(inCart ? 'asset.cart.remove' : 'asset.cart.add')}
    </Button>
  );
  if (cart.enabled) return button;
  // A disabled button fires no pointer events; the span lets the tooltip explain why.
  return (
    <HintTooltip title={t(cart.disabledReason)}>
      <Box component="span" sx={{ display: { xs: 'block', sm: 'inline-block' } }}>
        {button}
      </Box>
    </HintTooltip>
  );
}
