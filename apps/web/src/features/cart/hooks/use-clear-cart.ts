import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartKeys } from '../../../shared/cart/cart-keys';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { clearCart } from '../api/cart-api';

/** Spec 4 "Cart clear": runs after the yes of the confirmation. */
export function useClearCart() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: async (summary) => {
      client.setQueryData(cartKeys.summary, { assetIds: summary.assetIds, count: summary.count });
      await client.invalidateQueries({ queryKey: cartKeys.contents });
      snackbar.show('cart.snack.cleared');
    },
    onError: () => snackbar.show('cart.errors.clearFailed', 'error'),
  });
}
