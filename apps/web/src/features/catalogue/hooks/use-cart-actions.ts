/**
 * The catalogue's only door to the cart. The cart issue replaces this body with the real calls of
 * spec 7.3 (PUT / DELETE /api/cart/ with {assetId}, {assetId, format} or {assetIds, format}); until
 * then every cart control renders, disabled, with `disabledReason` as its tooltip.
 */
export interface CartActions {
  enabled: boolean;
  /** Translation key explaining why the cart controls are disabled. */
  disabledReason: string;
  isInCart: (assetId: number) => boolean;
  add: (assetIds: number[]) => void;
  remove: (assetIds: number[]) => void;
}

const noop = () => undefined;

const UNAVAILABLE: CartActions = {
  enabled: false,
  disabledReason: 'catalogue.cart.unavailable',
  isInCart: () => false,
  add: noop,
  remove: noop,
};

export function useCartActions(): CartActions {
  return UNAVAILABLE;
}
