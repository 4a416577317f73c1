import {
  BundleFilenameAnswer,
  CART_MAX_ASSETS,
  endpoints,
  type AssetIdsAnswer,
  type MediaType,
} from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadAddress } from '../../../shared/cart/bundle-address';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { useCartChange } from '../../../shared/cart/use-cart-change';
import { errorKeyOf } from '../../../shared/lists/list-queries';
import { downloadUrl } from '../../../shared/ui/save-blob';
import { useSnackbar } from '../../../shared/ui/snackbar';
import type { SelectionSource, SelectionStore } from './selection-store';

/** `POST /api/search/ids` or `GET /api/assets/{id}/ids`: every match of the view, in result order. */
function fetchAllIds(source: SelectionSource): Promise<AssetIdsAnswer> {
  return source.kind === 'search'
    ? api(endpoints.searchIds, { body: source.request })
    : api(endpoints.containerAssetIds, { params: { containerId: source.containerId }, query: {} });
}

/** "Alle N Treffer auswählen": the server's ids of every match (the first SELECTION_MAX) replace the selection. */
export function useSelectAll(store: SelectionStore, source: SelectionSource) {
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: () => fetchAllIds(source),
    onSuccess: (answer) =>
      store.replaceAll(answer.ids, { total: answer.numberTotal, truncated: answer.truncated }),
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}

/** What the cart menu adds the selection with: an original format (none: each asset's main one) or a preset. */
export type CartChoice = { format?: MediaType } | { preset: number };

/**
 * The selection into the cart, as the catalogue's add-all does (`PUT /api/cart/` with the ids and a
 * format or preset). More than the cart holds is refused here with the cart's own message.
 */
export function useAddSelectionToCart() {
  const { mutate } = useCartChange();
  const snackbar = useSnackbar();
  return (assetIds: number[], choice: CartChoice) => {
    if (assetIds.length > CART_MAX_ASSETS) return snackbar.show('cart.errors.tooLarge', 'error');
    mutate({ method: 'PUT', change: { assetIds, ...choice }, confirmPreset: 'preset' in choice });
  };
}

/**
 * "Als ZIP herunterladen" (issue 22.1): `POST /api/download/assets` makes a bundle of the originals
 * without the cart, then the zip downloads from this page as the cart download's does.
 */
export function useSelectionZip() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const mutation = useMutation({
    mutationFn: async (request: { assetIds: number[]; format?: MediaType }) => {
      const { filename } = BundleFilenameAnswer.parse(await api(endpoints.assetsDownload, { body: request }));
      downloadUrl(await downloadAddress(filename));
    },
    onSuccess: () => {
      snackbar.show('cart.download.started', 'success');
      void client.invalidateQueries({ queryKey: bundleKeys.downloads });
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
  return {
    start: (assetIds: number[], format?: MediaType) => {
      if (assetIds.length > CART_MAX_ASSETS)
        return snackbar.show('selection.zipTooLarge', 'error', { max: CART_MAX_ASSETS });
      mutation.mutate({ assetIds, ...(format === undefined ? {} : { format }) });
    },
    isPending: mutation.isPending,
  };
}
