import { CART_LIST_FILENAME, SNACKBAR_AUTO_HIDE_MS, type BundleProgress } from '@mediabox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { bundleKeys } from '../../../shared/cart/cart-keys';
import { downloadUrl, saveBlob } from '../../../shared/ui/save-blob';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { downloadAddress } from '../api/bundle-link';
import { waitUntilReady } from '../api/bundle-progress';
import { createDownloadBundle, fetchCartList } from '../api/cart-api';

/** What the user sees of a cart download: the bundle being prepared, then the download starting. */
export type CartDownloadStatus = 'idle' | 'preparing' | 'started';

/**
 * Spec 7.3 "download": the server stores a bundle of the chosen files and names it, and the
 * downloads list reloads. The spec then opens /download/{filename} in a new window; that left a
 * stray tab behind (issue 19.13), and phones block a window opened after an await. So the zip
 * downloads from this page, from the address that page would use (signed for the user, so the
 * download counts as theirs), and `status` shows that it is prepared and then started.
 *
 * Issue 21.4: a cart with presets makes converted files first. Then the bundle's progress is asked
 * for every second (`progress`: files done of all) and the zip downloads once it is ready, exactly as
 * without presets; conversions that failed are told afterwards (the zip leaves them out).
 */
export function useCartDownload() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  const [started, setStarted] = useState(false);
  const [progress, setProgress] = useState<BundleProgress | null>(null);
  // Polling stops when the page is left; the bundle stays in the downloads list.
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const mutation = useMutation({
    mutationFn: async (withConversions: boolean) => {
      const filename = await createDownloadBundle();
      const made = withConversions
        ? await waitUntilReady(filename, setProgress, leaving.current?.signal)
        : null;
      downloadUrl(await downloadAddress(filename));
      return made;
    },
    onMutate: () => {
      setStarted(false);
      setProgress(null);
    },
    onSuccess: (made) => {
      setStarted(true);
      if (made && made.failed > 0)
        snackbar.show('conversions.progress.failed', 'warning', { count: made.failed });
      void client.invalidateQueries({ queryKey: bundleKeys.downloads });
    },
    onError: (error) => {
      if ((error as Error).name !== 'AbortError') snackbar.show('cart.errors.downloadFailed', 'error');
    },
    onSettled: () => setProgress(null),
  });

  // The browser shows the download itself; the message only has to bridge the moment until it does.
  useEffect(() => {
    if (!started) return;
    const timer = window.setTimeout(() => setStarted(false), SNACKBAR_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [started]);

  const status: CartDownloadStatus = mutation.isPending ? 'preparing' : started ? 'started' : 'idle';
  return {
    /** `withConversions`: the cart has presets chosen, so the download waits for their files. */
    start: (withConversions = false) => mutation.mutate(withConversions),
    isPending: mutation.isPending,
    status,
    /** While converted files are made: how many of all are done. */
    progress: mutation.isPending ? progress : null,
  };
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
