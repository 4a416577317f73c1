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

const NO_COUNTS: HeaderCounts = { orders: 0, messages: 0, downloads: 0, cart: 0 };
const NO_ITEMS: CartPreviewItem[] = [];

export function useHeaderCounts(): HeaderCounts {
  return NO_COUNTS;
}

export function useCartPreviewItems(): CartPreviewItem[] {
  return NO_ITEMS;
}
