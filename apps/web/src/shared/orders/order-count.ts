import { endpoints } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { canManageOrders } from '../auth/permissions';
import { useStoredUser } from '../auth/user-store';

/**
 * Key of the order badge. It equals `orderKeys.count()` of the orders feature (which shared code may
 * not import), so that the feature's `invalidateQueries(orderKeys.all)` after a review or deletion
 * refreshes the badge too. Keep the two in step.
 */
export const ORDER_COUNT_KEY = ['orders', 'count'] as const;

/** Badges refetch at most this often while the user moves around; the default of the other badges. */
const ORDER_COUNT_STALE_MS = 30_000;

/**
 * Spec 6 `GET /api/order/count`: the top-bar order badge (the server counts per role). Asked only for
 * internal staff and super users: for anybody else the route is forbidden, and a 403 would send them
 * to /login.
 */
export function useOrderCount() {
  const user = useStoredUser();
  return useQuery({
    queryKey: ORDER_COUNT_KEY,
    queryFn: async ({ signal }) => (await api(endpoints.orderCount, { signal })).count,
    enabled: canManageOrders(user),
    staleTime: ORDER_COUNT_STALE_MS,
  });
}
