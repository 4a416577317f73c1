// Schema-free on purpose: the catalogue's cart buttons need the limit, not the cart's schemas.

/** Most assets a cart holds; a category's add-all is bounded by the same number. */
export const CART_MAX_ASSETS = 1000;

/** Bundle file names: random, unguessable (128 bits, base64url) and ending in `.zip`. */
export const BUNDLE_FILENAME_PATTERN = /^[A-Za-z0-9_-]{22}\.zip$/;

/** The spreadsheet of `GET /api/cart/list` (spec 7.3). */
export const CART_LIST_FILENAME = 'artikeluebersicht.xlsx';
