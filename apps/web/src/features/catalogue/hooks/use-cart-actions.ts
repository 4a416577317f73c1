import { CART_MAX_ASSETS } from '@mediabox/contract';
import { useMemo } from 'react';
import { useCartSummary } from '../../../shared/cart/cart-queries';
import { useAddedFeedback } from '../../../shared/cart/use-added-feedback';
import { useCartChange } from '../../../shared/cart/use-cart-change';

/**
 * The catalogue's only door to the cart (spec 7.3): `PUT` / `DELETE /api/cart/` with `{assetId}` for
 * one asset, `{assetIds}` for the add-all / remove-all of a page. The buttons follow the cart at once
 * (optimistic) and settle on what the server answers.
 */
export interface CartActions {
  enabled: boolean;
  /** Translation key explaining why the cart controls are disabled. */
  disabledReason: string;
  isInCart: (assetId: number) => boolean;
  add: (assetIds: number[]) => void;
  remove: (assetIds: number[]) => void;
}

/** The contract bounds one bulk change; a longer page is sent in several. */
function chunks(ids: number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += CART_MAX_ASSETS) {
    result.push(ids.slice(start, start + CART_MAX_ASSETS));
  }
  return result;
}

export function useCartActions(): CartActions {
  const summary = useCartSummary();
  const { mutate } = useCartChange();
  const confirmAdded = useAddedFeedback();
  const inCart = useMemo(() => new Set(summary.data?.assetIds ?? []), [summary.data]);

  return useMemo<CartActions>(() => {
    const change = (method: 'PUT' | 'DELETE', requested: number[]) => {
      // Only what changes is sent: add-all on a half-collected page adds the rest.
      const assetIds = requested.filter((id) => inCart.has(id) === (method === 'DELETE'));
      // The confirmation of an addition also says how many were there already (issue 19).
      const alreadyInCart = method === 'PUT' ? requested.length - assetIds.length : 0;
      if (assetIds.length === 0 && alreadyInCart > 0) confirmAdded(0, alreadyInCart);
      else if (assetIds.length === 1) mutate({ method, change: { assetId: assetIds[0]! }, alreadyInCart });
      else for (const part of chunks(assetIds)) mutate({ method, change: { assetIds: part }, alreadyInCart });
    };
    return {
      // Until the cart is known a button could not tell add from remove.
      enabled: summary.isSuccess,
      disabledReason: summary.isError ? 'cart.errors.loadFailed' : 'cart.loading',
      isInCart: (assetId) => inCart.has(assetId),
      add: (assetIds) => change('PUT', assetIds),
      remove: (assetIds) => change('DELETE', assetIds),
    };
  }, [summary.isSuccess, summary.isError, inCart, mutate, confirmAdded]);
}
