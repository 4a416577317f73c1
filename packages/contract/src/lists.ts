import { z } from 'zod';
import { Asset, LocalizedText } from './catalogue.js';
import { CART_MAX_ASSETS } from './cart-constants.js';
import { NumericId } from './common.js';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { isEmail } from './email-pattern.js';
import { ErrorCodes } from './error-codes.js';

/**
 * Named lists (issue 22.4): besides the one cart, a user keeps lists of assets ("Messe Frühjahr
 * 2027"), turns one into a cart, and shares one read-only with other signed-in users. A withdrawn
 * asset stays in a list and is shown as withdrawn, never with its file.
 */

/** Most lists a user owns. */
export const LISTS_MAX_PER_USER = 100;
/** Most assets in a list: as many as a cart holds, so a whole list always fits into an empty cart. */
export const LIST_MAX_ITEMS = CART_MAX_ASSETS;
/** Most users a list is shared with. */
export const LIST_MAX_SHARES = 50;
export const LIST_NAME_MAX_LENGTH = 120;

/** A list as the overview shows it. `owner` is the owner's name (for lists shared with me). */
export const ListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  itemCount: z.number().int(),
  /** ISO date-time of the last change of its name or items. */
  updatedAt: z.string(),
  owner: z.string(),
});
export type ListSummary = z.infer<typeof ListSummary>;

/** `GET /api/lists`: my lists (newest change first) and those others share with me. */
export const ListsAnswer = z.object({ own: z.array(ListSummary), shared: z.array(ListSummary) });
export type ListsAnswer = z.infer<typeof ListsAnswer>;

/** A user a list is shared with. */
export const ListShare = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
  sharedAt: z.string(),
});
export type ListShare = z.infer<typeof ListShare>;

/**
 * One item of a list: the asset as the cart presents it, or, when it was withdrawn since it was
 * added, only its id and name with `withdrawn: true` (no file, no thumbnail).
 */
export const ListItem = z.object({
  assetId: z.number().int(),
  name: LocalizedText,
  withdrawn: z.boolean(),
  asset: Asset.nullable(),
});
export type ListItem = z.infer<typeof ListItem>;

/**
 * `GET /api/lists/{id}` and the answer of every change: the list, its items in the order they were
 * added, and whether the caller owns it. `shares` is the owner's only (empty for a reader).
 */
export const ListAnswer = z.object({
  list: ListSummary,
  mine: z.boolean(),
  items: z.array(ListItem),
  shares: z.array(ListShare),
});
export type ListAnswer = z.infer<typeof ListAnswer>;

export const ListParams = z.object({ id: NumericId });
export const ListShareParams = z.object({ id: NumericId, userId: NumericId });

const listName = z
  .string({ error: ErrorCodes.required })
  .trim()
  .min(1, { error: ErrorCodes.required })
  .max(LIST_NAME_MAX_LENGTH, { error: ErrorCodes.tooLong });

/** `POST /api/lists` and `PATCH /api/lists/{id}`: the list's name. */
export const ListNameRequest = z.object({ name: listName }).strict();
export type ListNameRequest = z.input<typeof ListNameRequest>;

/** `PUT` and `DELETE /api/lists/{id}/items`: the assets to add or remove. */
export const ListItemsRequest = z
  .object({ assetIds: z.array(NumericId).min(1).max(LIST_MAX_ITEMS) })
  .strict();
export type ListItemsRequest = z.input<typeof ListItemsRequest>;

/** `POST /api/lists/{id}/shares`: the address of the approved user to share with. */
export const ListShareRequest = z
  .object({
    email: z
      .string({ error: ErrorCodes.invalidEmail })
      .trim()
      .max(EMAIL_MAX_LENGTH, { error: ErrorCodes.invalidEmail })
      .transform((value) => value.toLowerCase())
      .refine(isEmail, { error: ErrorCodes.invalidEmail }),
  })
  .strict();
export type ListShareRequest = z.input<typeof ListShareRequest>;
