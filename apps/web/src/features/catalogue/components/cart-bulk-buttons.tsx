import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { useCartActions } from '../hooks/use-cart-actions';

/** Spec 2.3 status bar: add all / remove all assets shown; disabled until the cart exists. */
export function CartBulkButtons({ assetIds }: { assetIds: number[] }) {
  const { t } = useTranslation();
  const cart = useCartActions();
  const disabled = !cart.enabled || assetIds.length === 0;
  const entries = [
    { key: 'catalogue.cart.addAll', Icon: AddShoppingCartIcon, run: () => cart.add(assetIds) },
    { key: 'catalogue.cart.removeAll', Icon: RemoveShoppingCartIcon, run: () => cart.remove(assetIds) },
  ];
  return (
    <Stack direction="row" spacing={1}>
      {entries.map(({ key, Icon, run }) => (
        <HintTooltip key={key} title={cart.enabled ? '' : t(cart.disabledReason)}>
          <span>
            <Button size="small" variant="outlined" startIcon={<Icon />} disabled={disabled} onClick={run}>
              {t(key)}
            </Button>
          </span>
        </HintTooltip>
      ))}
    </Stack>
  );
}
