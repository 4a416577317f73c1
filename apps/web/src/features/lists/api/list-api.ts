import { endpoints, type CartSummary, type ListAnswer } from '@mediabox/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { cartKeys } from '../../../shared/cart/cart-keys';
import { errorKeyOf, listKeys } from '../../../shared/lists/list-queries';
import { useSnackbar } from '../../../shared/ui/snackbar';

/** `GET /api/lists/{id}`. */
export function useList(id: number) {
  return useQuery({
    queryKey: listKeys.one(id),
    queryFn: ({ signal }) => api(endpoints.list, { params: { id }, signal }),
  });
}

/**
 * A change of one list whose answer is the list again: the answer replaces the cached list, the
 * overview is asked again, and the user is told (`doneKey`) or shown the API's refusal.
 */
function useListChange<V>(id: number, run: (variables: V) => Promise<ListAnswer>, doneKey: string) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer: ListAnswer) => {
      client.setQueryData(listKeys.one(id), answer);
      await client.invalidateQueries({ queryKey: listKeys.overview });
      snackbar.show(doneKey);
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}

export const useRenameList = (id: number) =>
  useListChange(
    id,
    (name: string) => api(endpoints.renameList, { params: { id }, body: { name } }),
    'lists.snack.renamed',
  );

export const useRemoveFromList = (id: number) =>
  useListChange(
    id,
    (assetId: number) => api(endpoints.listRemoveItems, { params: { id }, body: { assetIds: [assetId] } }),
    'lists.snack.removed',
  );

export const useShareList = (id: number) =>
  useListChange(
    id,
    (email: string) => api(endpoints.shareList, { params: { id }, body: { email } }),
    'lists.snack.shared',
  );

export const useUnshareList = (id: number) =>
  useListChange(
    id,
    (userId: number) => api(endpoints.unshareList, { params: { id, userId } }),
    'lists.snack.unshared',
  );

/** `DELETE /api/lists/{id}`; `onDeleted` leaves the page of the list that is gone. */
export function useDeleteList(id: number, onDeleted: () => void) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: () => api(endpoints.deleteList, { params: { id } }),
    onSuccess: async () => {
      client.removeQueries({ queryKey: listKeys.one(id) });
      await client.invalidateQueries({ queryKey: listKeys.overview });
      snackbar.show('lists.snack.deleted');
      onDeleted();
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}

/** `POST /api/lists/{id}/cart`: the badge shows the new cart; skipped items are named by count. */
export function useListToCart(id: number) {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: () => api(endpoints.listToCart, { params: { id } }),
    onSuccess: async (summary: CartSummary) => {
      client.setQueryData(cartKeys.summary, { assetIds: summary.assetIds, count: summary.count });
      await client.invalidateQueries({ queryKey: cartKeys.contents });
      const skipped = summary.skipped?.length ?? 0;
      if (skipped > 0) snackbar.show('lists.snack.toCartSkipped', 'warning', { count: skipped });
      else snackbar.show('lists.snack.toCart', 'success', { count: summary.count });
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}
