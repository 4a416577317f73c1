import { CART_LIST_FILENAME, SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { downloadUrl, saveBlob } from '../../../shared/ui/save-blob';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { downloadAddress } from '../api/bundle-link';
import { createDownloadBundle, fetchCartList } from '../api/cart-api';

/** What the user sees of a cart download: the bundle being prepared, then the download starting. */
export type CartDownloadStatus = 'idle' | 'preparing' | 'started';

/**
 * Spec 7.3 "download": the server stores a bundle of the chosen files and names it, and the
 * downloads list reloads. The spec then opens /download/{filename} in a new window; that left a
 * stray tab behind (issue 19.13), and phones block a window opened after an await. So the zip
 * downloads from this page, from the address that page would use (signed for the user, so the
 * download counts as theirs), and `status` shows that it is prepared and then started.
 */
export function useCartDownload() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [started, setStarted] = useState(false);
  const mutation = useMutation({
    mutationFn: async () => downloadUrl(await downloadAddress(await createDownloadBundle())),
    onMutate: () => setStarted(false),
    onSuccess: () => {
      setStarted(true);
      void client.invalidateQueries({ queryKey: bundleKeys.downloads });
    },
    onError: () => snackbar.show('cart.errors.downloadFailed', 'error'),
  });

  // The browser shows the download itself; the message only has to bridge the moment until it does.
  useEffect(() => {
    if (!started) return;
    const timer = window.setTimeout(() => setStarted(false), SNACKBAR_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [started]);

  const status: CartDownloadStatus = mutation.isPending ? 'preparing' : started ? 'started' : 'idle';
  return { start: () => mutation.mutate(), isPending: mutation.isPending, status };
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
