import { endpoints, type CartAnswer, type Download, type Message } from '@mediabox/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { bundleKeys, cartKeys } from './cart-keys';

/** Spec 7.3 `GET /cart/all`: what the badge and every add/remove button need. */
export function useCartSummary() {
  return useQuery({
    queryKey: cartKeys.summary,
    queryFn: ({ signal }) => api(endpoints.cartAll, { signal }),
  });
}

/** Spec 7.3 `GET /cart/`: the assets in the cart and the files chosen for each. */
export function useCartContents(enabled = true) {
  return useQuery({
    queryKey: cartKeys.contents,
    queryFn: async ({ signal }): Promise<CartAnswer> => api(endpoints.cart, { signal }),
    enabled,
  });
}

/** Spec 7.2 `GET /messages/`: the user's sent carts that are still valid, newest first. */
export function useMessages(options: { live?: boolean } = {}) {
  return useQuery({
    queryKey: bundleKeys.messages,
    queryFn: async ({ signal }): Promise<Message[]> => (await api(endpoints.messages, { signal })).messages,
    // The messages page shows what recipients did with their links (issue 20.2): it asks again
    // whenever it opens or the sender comes back to it, not what the badge fetched minutes ago.
    ...(options.live ? { refetchOnMount: 'always' as const, refetchOnWindowFocus: 'always' as const } : {}),
  });
}

/** Spec 7.2 `GET /downloads/`: the user's download bundles that are still valid, newest first. */
export function useDownloads() {
  return useQuery({
    queryKey: bundleKeys.downloads,
    queryFn: async ({ signal }): Promise<Download[]> =>
      (await api(endpoints.downloads, { signal })).downloads,
  });
}
