import { CART_LIST_FILENAME } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { bundlePagePath } from '../api/bundle-link';
import { createDownloadBundle, fetchCartList } from '../api/cart-api';
import { saveBlob } from '../../../shared/ui/save-blob';

/**
 * Spec 7.3 "download": the server stores a bundle of the chosen files and names it; the app opens
 * /download/{filename} in a new window, which starts the download, and reloads the downloads list.
 */
export function useCartDownload() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const mutation = useMutation({ mutationFn: createDownloadBundle });

  const start = () => {
    // Opened inside the click: browsers block a window opened after an await as a popup.
    const target = window.open('', '_blank');
    mutation.mutate(undefined, {
      onSuccess: (filename) => {
        const path = bundlePagePath(filename);
        if (target) target.location.href = path;
        else window.location.assign(path);
        void client.invalidateQueries({ queryKey: bundleKeys.downloads });
      },
      onError: () => {
        target?.close();
        snackbar.show('cart.errors.downloadFailed', 'error');
      },
    });
  };
  return { start, isPending: mutation.isPending };
}

/** Spec 7.3 "list": the item list as a spreadsheet named artikeluebersicht.xlsx. */
export function useCartList() {
  const snackbar = useSnackbar();
  const mutation = useMutation({
    mutationFn: fetchCartList,
    onSuccess: (blob) => saveBlob(blob, CART_LIST_FILENAME),
    onError: () => snackbar.show('cart.errors.listFailed', 'error'),
  });
  return { start: () => mutation.mutate(), isPending: mutation.isPending };
}
