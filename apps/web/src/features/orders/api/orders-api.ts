import { Order, OrdersAnswer, type OrderFileRemoval, type OrderReview, endpoints } from '@mediabox/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { orderKeys } from './order-keys';

/*
 * Deactivating an order (`DELETE /order/{id}`) is the Basisdaten tab's action: see
 * order-deactivate.ts. The badge count lives in shared/ (the header reads it) and is re-exported here.
 */
export { useOrderCount } from '../../../shared/orders/order-count';

/** Spec 7.5 `GET /order`: active orders (completed ones only for super users), sorted by name. */
export async function fetchOrders(signal?: AbortSignal): Promise<Order[]> {
  return OrdersAnswer.parse(await api(endpoints.orders, { signal })).orders;
}

/** Spec 7.5 `GET /order/{id}`; 404 `order.errors.notFound` for unknown, inactive or hidden orders. */
export async function fetchOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return Order.parse(await api(endpoints.order, { params: { id }, signal }));
}

/** Spec 7.5 `POST /order/{id}`: a review, or a super user's status update. */
export async function reviewOrder(id: number, review: OrderReview): Promise<Order> {
  return Order.parse(await api(endpoints.reviewOrder, { params: { id }, body: review }));
}

/** Spec 7.5 `DELETE /order` {orderId, fileId}: super users remove a file; answers the changed order. */
export async function removeOrderFile(removal: OrderFileRemoval): Promise<Order> {
  return Order.parse(await api(endpoints.removeOrderFile, { body: removal }));
}

/** A missing order stays missing: asking again would only delay 'Auftrag nicht gefunden'. */
const retryUnlessClientError = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export function useOrders() {
  return useQuery({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => fetchOrders(signal),
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    retry: retryUnlessClientError,
    // Others move the order on (a review, a correction): opening it asks anew, so the next actions
    // offered fit its status now, not the one of half a minute ago.
    staleTime: 0,
  });
}

/** The server answers the changed order: show it at once; lists and the badge count anew. */
async function afterChange(client: QueryClient, order: Order): Promise<void> {
  client.setQueryData(orderKeys.one(order._id), order);
  await Promise.all([
    client.invalidateQueries({ queryKey: orderKeys.list() }),
    client.invalidateQueries({ queryKey: orderKeys.count() }),
  ]);
}

export function useReviewOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: OrderReview) => reviewOrder(id, review),
    onSuccess: (order) => afterChange(client, order),
  });
}

export function useRemoveOrderFile(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) => removeOrderFile({ orderId, fileId }),
    onSuccess: (order) => afterChange(client, order),
  });
}
