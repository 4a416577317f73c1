/** Business constants of the specification (section 9), shared by server and app. */

export const LANGUAGES = ['de', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** Country roots of the category tree (spec 3, 9). */
export const COUNTRY_ROOTS = { germany: 1, austria: 123, switzerland: 658 } as const;
export type Country = keyof typeof COUNTRY_ROOTS;
export const COUNTRIES = Object.keys(COUNTRY_ROOTS) as Country[];
export const DEFAULT_COUNTRY: Country = 'germany';
/** Values of the `?c=` query parameter. */
export const COUNTRY_BY_QUERY = { de: 'germany', at: 'austria', ch: 'switzerland' } as const satisfies Record<
  string,
  Country
>;

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so that hashing cost stays bounded whatever a client sends. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const TEXT_MAX_LENGTH = 5000;

export const SEARCH_PAGE_SIZE = 50;
export const INFINITE_SCROLL_THRESHOLD_PX = 1000;
export const SNACKBAR_AUTO_HIDE_MS = 6000;
export const SEARCH_DEBOUNCE_MS = 750;
export const USER_NAME_DISPLAY_MAX = 23;
export const MENU_NAME_MAX = 25;
export const MENU_NAME_PREFIXED_MAX = 30;
export const PREVIEW_RETRIES = 15;
export const DRAWER_WIDTH = 240;
export const BUNDLE_VALIDITY_DAYS = 14;
/** Addresses one send may name (issue 20.2): each gets its own link. */
export const SEND_MAX_RECIPIENTS = 10;
/** An order lookup starts once more than this many characters are typed. */
export const ORDER_LOOKUP_MIN_CHARS = 4;
export const ORDER_PAGE_SIZES = [5, 10, 25] as const;
export const ORDER_DEFAULT_PAGE_SIZE = 10;
export const MAIN_MEDIA_TYPE = 1100;
export const TRACKED_DOWNLOAD_EXTENSIONS = ['jpg', 'jpeg', 'eps', 'zip', 'png'] as const;
export const MAX_IMAGE_SCALE_PERCENT = 150;
export const IP_RETENTION_DAYS = 7;
export const APPROVAL_PROMISE_HOURS = 24;
/** A password-reset link is valid for one hour (spec 8: "one hour hint"). */
export const RESET_LINK_VALIDITY_MS = 60 * 60 * 1000;
/** E-mail confirmation links stay valid for a week. */
export const CONFIRM_LINK_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
export const PRODUCT_NAME = 'Mediabox';
