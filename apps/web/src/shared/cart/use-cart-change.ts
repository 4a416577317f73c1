import { endpoints, type CartAnswer, type CartChange, type CartSummary } from '@mediabox/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../api/client';
import { useSnackbar } from '../ui/snackbar';
import { cartKeys } from './cart-keys';
import { presetAddedMessage } from './added-message';
import { useAddedFeedback, useToCartSnack } from './use-added-feedback';
import { predictContents } from './predict-contents';
import { predictSummary, type CartMethod } from './predict-summary';

export interface CartChangeVariables {
  method: CartMethod;
  change: CartChange;
  /** How many of the assets the user asked to add were in the cart already (and so not sent). */
  alreadyInCart?: number;
  /** Confirm a preset's addition with the way to the cart (asked for where the cart is not in view). */
  confirmPreset?: boolean;
}

/** An addition of whole assets, as opposed to ticking a format of one already in the cart. */
function addedAssets({ method, change }: CartChangeVariables): number {
  if (method !== 'PUT' || 'format' in change || 'preset' in change) return 0;
  return 'assetIds' in change ? change.assetIds.length : 1;
}

/** How many assets a confirmed preset addition chose the preset for; 0 for anything else. */
function presetAdded({ method, change, confirmPreset }: CartChangeVariables): number {
  if (method !== 'PUT' || !('preset' in change) || !confirmPreset) return 0;
  return 'assetIds' in change ? change.assetIds.length : 1;
}

/**
 * Whether changes overlapped since the cart was last idle. Overlapping requests may reach the server
 * in another order than they settle here, so then the last one refetches instead of trusting its answer.
 */
const overlapped = new WeakMap<QueryClient, boolean>();

/**
 * Spec 7.3 `PUT` / `DELETE /cart/`. The badge, the buttons and the cart page change at once; when
 * the last change in flight settles the cache holds what the server says.
 */
export function useCartChange() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const confirmAdded = useAddedFeedback();
  const toCartSnack = useToCartSnack();
  const { i18n } = useTranslation();
  const inFlight = () => client.isMutating({ mutationKey: cartKeys.change });

  return useMutation({
    mutationKey: cartKeys.change,
    mutationFn: ({ method, change }: CartChangeVariables) =>
      api(method === 'PUT' ? endpoints.cartAdd : endpoints.cartRemove, { body: change }),
    onMutate: async ({ method, change }) => {
      if (inFlight() > 1) overlapped.set(client, true);
      // A refetch started before this change would overwrite the prediction with older data.
      await client.cancelQueries({ queryKey: cartKeys.all });
      client.setQueryData<CartSummary>(
        cartKeys.summary,
        (summary) => summary && predictSummary(summary, method, change),
      );
      client.setQueryData<CartAnswer>(
        cartKeys.contents,
        (contents) => contents && predictContents(contents, method, change),
      );
    },
    onSuccess: (answer, variables) => {
      const skipped = answer.skipped?.length ?? 0;
      if (skipped > 0) snackbar.show('cart.snack.skipped', 'warning', { count: skipped });
      else if (addedAssets(variables) > 0) confirmAdded(addedAssets(variables), variables.alreadyInCart ?? 0);
      else if (presetAdded(variables) > 0) toCartSnack(presetAddedMessage(presetAdded(variables)));
    },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : '';
      snackbar.show(code && i18n.exists(code) ? code : 'cart.errors.changeFailed', 'error');
    },
    onSettled: async (answer) => {
      // This mutation still counts as in flight while its callbacks run.
      if (inFlight() > 1) return;
      const trustAnswer = answer !== undefined && !overlapped.get(client);
      overlapped.delete(client);
      if (trustAnswer)
        client.setQueryData(cartKeys.summary, { assetIds: answer.assetIds, count: answer.count });
      else await client.invalidateQueries({ queryKey: cartKeys.summary });
      await client.invalidateQueries({ queryKey: cartKeys.contents });
    },
  });
}
