import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import type { CartActions } from '../hooks/use-cart-actions';

interface CartButtonProps {
  assetId: number;
  name: string;
  cart: CartActions;
  size?: 'small' | 'medium';
}

/** Spec 2.3: the add-or-remove button of one asset; disabled with a reason until the cart exists. */
export function CartButton({ assetId, name, cart, size = 'medium' }: CartButtonProps) {
  const { t } = useTranslation();
  const inCart = cart.isInCart(assetId);
  const label = t(inCart ? 'catalogue.cart.removeNamed' : 'catalogue.cart.addNamed', { name });
  const button = (
    <IconButton
      size={size}
      color="primary"
      aria-label={label}
      disabled={!cart.enabled}
      onClick={() => (inCart ? cart.remove([assetId]) : cart.add([assetId]))}
    >
      {inCart ? <RemoveShoppingCartIcon fontSize="small" /> : <AddShoppingCartIcon fontSize="small" />}
    </IconButton>
  );
  // A disabled button fires no pointer events; the span lets the tooltip explain why.
  return (
    <HintTooltip title={cart.enabled ? label : t(cart.disabledReason)}>
      <span>{button}</span>
    </HintTooltip>
  );
}
