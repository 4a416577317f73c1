import { OrdersAnswer, type OrderSearch, endpoints } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useStoredUser } from '../../../shared/auth/user-store';
import { orderKeys } from './order-keys';

/**
 * The recipients (vertretung) of the signed-in user's newest order: a person's stand-in rarely
 * changes, so a new order suggests them. Asked through the order search limited to the creator's
 * address, so only this user's orders travel; the search matches substrings, hence the id check.
 */
export function useDefaultRecipients(): string | undefined {
  const user = useStoredUser();
  const query = useQuery({
    queryKey: [...orderKeys.all, 'default-recipients', user?.userId ?? 0],
    queryFn: async ({ signal }) => {
      const body: OrderSearch = { data: user!.userName, customField: 'username' };
      const answer = OrdersAnswer.parse(await api(endpoints.orderSearch, { body, signal }));
      const own = answer.orders.filter((order) => order.createdBy === user!.userId);
      const newest = own.reduce<(typeof own)[number] | undefined>(
        (best, order) => (!best || order.createdAt > best.createdAt ? order : best),
        undefined,
      );
      return newest?.vertretung ?? '';
    },
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
  return query.data;
}
