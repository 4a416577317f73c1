/**
 * Query keys of the cart and of the bundle lists (messages, downloads). They live in shared/ because
 * the header badges, the catalogue's cart buttons and the cart feature all read the same entries.
 */
export const cartKeys = {
  /** Everything that changes when the cart changes. */
  all: ['cart'] as const,
  /** `GET /api/cart/all`: ids and count, for the badge and the add/remove buttons. */
  summary: ['cart', 'summary'] as const,
  /** `GET /api/cart/`: the assets and their chosen files, for the cart page and the quick view. */
  contents: ['cart', 'contents'] as const,
  /** Cart changes in flight, so that only the last one to settle writes the server's answer. */
  change: ['cart', 'change'] as const,
};

export const bundleKeys = {
  all: ['bundles'] as const,
  messages: ['bundles', 'messages'] as const,
  downloads: ['bundles', 'downloads'] as const,
};
