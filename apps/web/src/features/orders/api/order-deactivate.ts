import { endpoints, type SuccessAnswer } from '@mediabox/contract';
import { partialMatchKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { orderKeys } from './order-keys';

/** `DELETE /api/order/{id}`: deactivates an order (super users, spec 2.10, 6). */
export function deactivateOrder(id: number): Promise<SuccessAnswer> {
  return api(endpoints.deactivateOrder, { params: { id } });
}

export function useDeactivateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deactivateOrder,
    onSuccess: async (_answer, id) => {
      const own = orderKeys.one(id);
      // The order itself answers 404 from now on: it is only marked stale, because refetching it
      // here would flash "not found" on the page that is about to leave for /orders.
      await client.invalidateQueries({ queryKey: own, refetchType: 'none' });
      await client.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (query) => !partialMatchKey(query.queryKey, own),
      });
    },
  });
}
