import { endpoints, type ListAnswer } from '@mediabox/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import { useSnackbar } from '../ui/snackbar';

/**
 * Named lists (issue 22.4). In shared/ because the asset page ("Zur Liste hinzufügen") and the
 * lists pages read and change the same entries.
 */
export const listKeys = {
  all: ['lists'] as const,
  overview: ['lists', 'overview'] as const,
  one: (id: number) => ['lists', 'one', id] as const,
};

/** `GET /api/lists`: my lists and those shared with me. */
export function useLists(enabled = true) {
  return useQuery({
    queryKey: listKeys.overview,
    queryFn: ({ signal }) => api(endpoints.lists, { signal }),
    enabled,
  });
}

/** The text key of a failed call: the API's error code (each has a text), else a generic one. */
export const errorKeyOf = (error: unknown): string =>
  error instanceof ApiError ? error.code : 'errors.internal';

/** `POST /api/lists`; the new list goes into the cache, the overview is asked again. */
export function useCreateList() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: (name: string) => api(endpoints.createList, { body: { name } }),
    onSuccess: async (answer: ListAnswer) => {
      client.setQueryData(listKeys.one(answer.list.id), answer);
      await client.invalidateQueries({ queryKey: listKeys.overview });
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}

/** `PUT /api/lists/{id}/items`. */
export function useAddToList() {
  const client = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: ({ listId, assetIds }: { listId: number; assetIds: number[] }) =>
      api(endpoints.listAddItems, { params: { id: listId }, body: { assetIds } }),
    onSuccess: async (answer: ListAnswer) => {
      client.setQueryData(listKeys.one(answer.list.id), answer);
      await client.invalidateQueries({ queryKey: listKeys.overview });
      snackbar.show('lists.snack.addedTo', 'success', { name: answer.list.name });
    },
    onError: (error) => snackbar.show(errorKeyOf(error), 'error'),
  });
}
