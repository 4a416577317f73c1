import { useTranslation } from 'react-i18next';
import { localizedName } from '../cart/asset-name';
import { useCartContents, useCartSummary, useDownloads, useMessages } from '../cart/cart-queries';
import { useOrderCount } from '../orders/order-count';

/**
 * The numbers and cart preview of the top bar (spec 2.2). This is the one place that later features
 * (cart, messages, downloads, orders) fill with their queries; the header only reads from here.
 */
export interface HeaderCounts {
  orders: number;
  messages: number;
  downloads: number;
  cart: number;
}

/** One line of the cart quick view; links to /asset/{id}. */
export interface CartPreviewItem {
  id: number;
  name: string;
}

/** A failed or pending count is zero: the badge is then disabled (spec 2.2) rather than wrong. */
export function useHeaderCounts(): HeaderCounts {
  const cart = useCartSummary();
  const messages = useMessages();
  const downloads = useDownloads();
  const orders = useOrderCount();
  return {
    orders: orders.data ?? 0,
    messages: messages.data?.length ?? 0,
    downloads: downloads.data?.length ?? 0,
    cart: cart.data?.count ?? 0,
  };
}

/** The cart's assets for the quick view; loaded only while it is open (`enabled`). */
export function useCartPreviewItems(enabled: boolean): { items: CartPreviewItem[]; loading: boolean } {
  const { i18n } = useTranslation();
  const contents = useCartContents(enabled);
  const items = (contents.data?.items ?? []).map((item) => ({
    id: item.id,
    name: localizedName(item.name, i18n.language),
  }));
  return { items, loading: enabled && contents.isPending };
}
