import { z } from 'zod';
import { Asset, MediaTypeSchema } from './catalogue.js';
import { LanguageSchema, NumericId } from './common.js';
import { CART_MAX_ASSETS } from './cart-constants.js';
import { EMAIL_MAX_LENGTH, SEND_MAX_RECIPIENTS } from './constants.js';
import { isEmail } from './email-pattern.js';
import { ErrorCodes } from './error-codes.js';
import { CartPresetChoice, RetiredPresetChoice } from './presets.js';
import { RecipientLink } from './recipient-links.js';

/**
 * Cart, bundles, messages and downloads (spec 2.6–2.8, 3, 7.2, 7.3, 7.4).
 *
 * A cart entry is an asset plus the formats (media types) chosen for it; an entry may have no
 * format chosen (all its checkboxes cleared on the cart page): it stays in the cart but brings no
 * file into a bundle. A bundle is a stored manifest of the chosen files, valid 14 days.
 */

/** One chosen file of a cart entry (spec 3: "each file has mediaType"). */
export const CartFile = z.object({
  mediaType: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
});
export type CartFile = z.infer<typeof CartFile>;

/**
 * One cart entry: its chosen original files and its chosen conversion presets (issue 21.2), each
 * preset with what it would deliver and its verdicts (issue 21.3).
 */
export const CartItem = z.object({
  id: z.number().int(),
  files: z.array(CartFile),
  presets: z.array(CartPresetChoice),
  /**
   * Presets chosen for this item that a super user has retired since: nothing is delivered for
   * them (the app says so); the user may remove the choice (`DELETE /api/cart/` with the preset).
   */
  retiredPresets: z.array(RetiredPresetChoice),
});
export type CartItem = z.infer<typeof CartItem>;

/** `GET /api/cart/` and `GET /api/cart/{assetId}`: the assets (items) and their chosen files (cartItems). */
export const CartAnswer = z.object({ items: z.array(Asset), cartItems: z.array(CartItem) });
export type CartAnswer = z.infer<typeof CartAnswer>;

/** `GET /api/cart/all` and the answer of every change: what the badge and the add/remove buttons need. */
export const CartSummary = z.object({
  assetIds: z.array(z.number().int()),
  count: z.number().int(),
  /** Assets of a bulk change left as they were because they lack the format asked for. */
  skipped: z.array(z.number().int()).optional(),
});
export type CartSummary = z.infer<typeof CartSummary>;

export const CartAssetParams = z.object({ id: NumericId });

/**
 * The three payload shapes of spec 7.3 for `PUT` (add) and `DELETE` (remove) `/api/cart/`:
 * - `{assetId}`: the asset (added with its main format, or its first one when it has no main image);
 * - `{assetId, format}`: one format of the asset (added to or removed from its entry);
 * - `{assetIds, format}`: the same for many assets (add-all / remove-all of a category page); without
 *   `format` the assets are added with their default format or removed entirely.
 * - `{assetId, preset}` / `{assetIds, preset}` (issue 21.2): a conversion preset (an active preset's
 *   id) chosen for the asset(s) or unchosen; adding one adds the asset without an original format
 *   when it is not in the cart yet. An unknown or retired preset is 404 cart.errors.presetNotFound.
 */
export const CartChange = z.union([
  z.object({ assetIds: z.array(NumericId).min(1).max(CART_MAX_ASSETS), preset: NumericId }).strict(),
  z.object({ assetId: NumericId, preset: NumericId }).strict(),
  z
    .object({ assetIds: z.array(NumericId).min(1).max(CART_MAX_ASSETS), format: MediaTypeSchema.optional() })
    .strict(),
  z.object({ assetId: NumericId, format: MediaTypeSchema }).strict(),
  z.object({ assetId: NumericId }).strict(),
]);
export type CartChange = z.input<typeof CartChange>;

/** Splits what was typed into addresses: commas, semicolons, spaces and line breaks separate them. */
export const splitRecipients = (value: string): string[] =>
  value
    .split(/[\s,;]+/u)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The send form's `email`: one address as in the spec, or several (issue 20.2), each of which gets
 * its own link. Answers them lower-cased, each once, in the order typed; any bad one refuses the lot.
 */
const recipientList = z
  .string({ error: ErrorCodes.invalidEmail })
  .max(SEND_MAX_RECIPIENTS * (EMAIL_MAX_LENGTH + 2), { error: ErrorCodes.tooManyRecipients })
  .transform((value, ctx) => {
    const addresses = [...new Set(splitRecipients(value).map((part) => part.toLowerCase()))];
    if (addresses.length === 0 || !addresses.every(isEmail)) {
      ctx.addIssue({ code: 'custom', message: ErrorCodes.invalidEmail });
      return z.NEVER;
    }
    if (addresses.length > SEND_MAX_RECIPIENTS) {
      ctx.addIssue({ code: 'custom', message: ErrorCodes.tooManyRecipients });
      return z.NEVER;
    }
    return addresses;
  });

/** The send form of spec 3 ("email, subject (optional), text, copyCheckbox") with the app's language. */
export const SendForm = z.object({
  email: recipientList,
  subject: z.string().trim().max(200, { error: ErrorCodes.tooLong }).optional().default(''),
  text: z.string().trim().max(5000, { error: ErrorCodes.tooLong }).optional().default(''),
  copyCheckbox: z.boolean().optional().default(false),
});
export const CartSendRequest = z.object({ form: SendForm, lang: LanguageSchema.optional().default('de') });
export type CartSendRequest = z.input<typeof CartSendRequest>;

export const BundleFilenameAnswer = z.object({ filename: z.string() });
export type BundleFilenameAnswer = z.infer<typeof BundleFilenameAnswer>;

/**
 * `POST /api/download/assets` (issue 22.1): a download bundle of selected assets, made like the cart's
 * (all their original formats, or only `format`) without touching the cart; answered like
 * `GET /api/cart/download`.
 */
export const AssetsDownloadRequest = z
  .object({
    assetIds: z.array(NumericId).min(1).max(CART_MAX_ASSETS),
    format: MediaTypeSchema.optional(),
  })
  .strict();
export type AssetsDownloadRequest = z.input<typeof AssetsDownloadRequest>;
export const CartSendAnswer = z.object({ success: z.literal(true), filename: z.string() });

/** Spec 3 "Item": an article of a bundle with its file names. */
export const BundleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  files: z.array(z.object({ _id: z.number().int(), filename: z.string() })),
});
export type BundleItem = z.infer<typeof BundleItem>;

const bundleFields = {
  _id: z.number().int(),
  /** ISO date-times; the app formats them DD.MM.YYYY HH:mm. */
  created: z.string(),
  validUntil: z.string(),
  items: z.array(BundleItem),
  /** Bytes of the files in the bundle. */
  filesize: z.number().int(),
  filename: z.string(),
};

export const Download = z.object(bundleFields);
export type Download = z.infer<typeof Download>;
export const Message = z.object({
  ...bundleFields,
  /** The addresses it went to, comma-separated (spec 2.7 shows them). */
  email: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Each recipient's own link and what happened at it (issue 20.2); empty for carts sent before links. */
  recipients: z.array(RecipientLink),
});
export type Message = z.infer<typeof Message>;

/** `GET /api/downloads/` and `GET /api/messages/`: the user's bundles that are still valid, newest first. */
export const DownloadsAnswer = z.object({ downloads: z.array(Download) });
export type DownloadsAnswer = z.infer<typeof DownloadsAnswer>;
export const MessagesAnswer = z.object({ messages: z.array(Message) });
export type MessagesAnswer = z.infer<typeof MessagesAnswer>;

export const BundleParams = z.object({ filename: z.string().max(100) });
/** A bundle link signed for a user (`?u=&exp=&sig=`): checked by the ticket verifier, so any mistake is 403, not 400. */
export const BundleLinkQuery = z.object({
  u: z.unknown().optional(),
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
});

/**
 * `GET /api/download/{filename}/link`: the same download link signed for the signed-in user, so the
 * download (opened by the browser, without a bearer header) is counted as theirs, not as a guest's.
 */
export const BundleLinkAnswer = z.object({ url: z.string() });
export type BundleLinkAnswer = z.infer<typeof BundleLinkAnswer>;
