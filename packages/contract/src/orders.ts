import { z } from 'zod';
import { NumericId, email } from './common.js';
import { ErrorCodes } from './error-codes.js';
import { gtinProblem } from './gs1.js';

/**
 * Packshot orders (spec 2.10, 3, 4, 5, 6, 7.5). Internal staff (jde) and super users order new
 * product images; an order moves new -> pending -> accepted | rejected -> completed and keeps a
 * history of every change. Dates are ISO strings; `internalDate` and `externalDate` are calendar
 * days (YYYY-MM-DD) or empty.
 */

export const ORDER_STATUSES = ['new', 'pending', 'accepted', 'rejected', 'completed'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES, { error: ErrorCodes.orderInvalidStatus });
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The order's kind of spec 3 `new`: a new article, a change of an existing one, or its removal. */
export const ORDER_KINDS = ['yes', 'no', 'delete'] as const;
export const OrderKind = z.enum(ORDER_KINDS, { error: ErrorCodes.required });
export type OrderKind = z.infer<typeof OrderKind>;

/** Spec 4 history actions; INFO is anything else (shown as generic info). */
export const HISTORY_ACTIONS = [
  'CREATED',
  'ACCEPTED',
  'REJECTED',
  'IMAGE_ADDED',
  'FILE_ADDED',
  'IMAGE_REMOVED',
  'FILE_REMOVED',
  'CHANGED',
  'COMPLETED',
  'INFO',
] as const;
export const HistoryAction = z.enum(HISTORY_ACTIONS);
export type HistoryAction = z.infer<typeof HistoryAction>;

/** Order number: "A-" + year of creation + "-" + the order's sequence number, six digits or more. */
export const ORDER_NUMBER_PATTERN = /^A-\d{4}-\d{6,}$/;

/**
 * `context` of a history entry: for CHANGED the field with its old and new value; for status
 * actions the statuses from/to and the reviewer's comment; for file actions the file.
 */
export const HistoryContext = z.object({
  field: z.string().optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  comment: z.string().optional(),
  fileId: z.number().int().optional(),
  filename: z.string().optional(),
});
export type HistoryContext = z.infer<typeof HistoryContext>;

export const HistoryEntry = z.object({
  action: HistoryAction,
  /** E-mail of who did it. */
  username: z.string(),
  createdAt: z.string(),
  context: HistoryContext,
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Largest order file (spec 7.4 uploads): packshot masters are big TIFFs, but not bigger than this. */
export const ORDER_FILE_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Files one create or change may carry. */
export const ORDER_FILES_MAX = 50;
/** Multipart part name of the uploaded files (spec 3 `newFiles`). */
export const ORDER_UPLOAD_FIELD = 'newFiles';

export const OrderFile = z.object({
  _id: z.number().int(),
  /** The name the file is served under (`/api/uploads/{filename}`). */
  filename: z.string(),
  /** The name it was uploaded with. */
  originalname: z.string(),
  /** Detected from the content, not the name. */
  mimetype: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /**
   * Signed, short-lived URLs (an `<img>` cannot send the bearer token): the file itself as an
   * attachment, and for images its thumbnail and preview. Those two answer 404 until the
   * rendition job has made them; the app retries (spec 7.4: up to 15 times).
   */
  url: z.string(),
  thumbUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
});
export type OrderFile = z.infer<typeof OrderFile>;

const PackshotFlags = {
  ecommerce: z.boolean(),
  single: z.boolean(),
  tray: z.boolean(),
  display: z.boolean(),
  other: z.boolean(),
};

const text = (max: number) => z.string().trim().max(max, { error: ErrorCodes.tooLong });

/**
 * A GTIN field of the order form: empty, or a GTIN-8/12/13/14 with the right check digit (a typo in
 * it would order images for another product). Only what is saved is checked: orders stored before
 * this rule still load. The app names the expected digit, computed from the typed value.
 */
const gtin = text(14).superRefine((value, ctx) => {
  if (value === '') return;
  const problem = gtinProblem(value);
  if (problem) {
    const message = problem.reason === 'format' ? ErrorCodes.orderGtinFormat : ErrorCodes.orderGtinCheckDigit;
    ctx.addIssue({ code: 'custom', message });
  }
});

export const Packshot = z.object({
  ...PackshotFlags,
  description: text(2000),
  gtin: z.object({
    ecommerce: text(14),
    single: text(14),
    tray: text(14),
    display: text(14),
  }),
  articleId: z.object({ display: text(50) }),
});
export type Packshot = z.infer<typeof Packshot>;

/** The packshot as saved: its GTINs checked like the order's own. */
const PackshotSave = Packshot.extend({
  gtin: z.object({ ecommerce: gtin, single: gtin, tray: gtin, display: gtin }),
});

/** No packshot type ticked: what a new order starts with. */
export const EMPTY_PACKSHOT: Packshot = {
  ecommerce: false,
  single: false,
  tray: false,
  display: false,
  other: false,
  description: '',
  gtin: { ecommerce: '', single: '', tray: '', display: '' },
  articleId: { display: '' },
};

export const OrderChangeKinds = z.object({ data: z.boolean(), packshot: z.boolean() });
export type OrderChangeKinds = z.infer<typeof OrderChangeKinds>;

export const Order = z.object({
  _id: z.number().int(),
  name: z.string(),
  articleId: z.string(),
  gtin: z.string(),
  createdAt: z.string(),
  /** The creator's user id; null once that account is deleted (`username` stays). */
  createdBy: z.number().int().nullable(),
  /** The creator's e-mail. */
  username: z.string(),
  /** The ticked countries as a comma string ("de,at"), as the list shows them. */
  country: z.string(),
  de: z.boolean(),
  at: z.boolean(),
  ch: z.boolean(),
  status: OrderStatus,
  orderNumber: z.string(),
  lastModifiedAt: z.string(),
  active: z.boolean(),
  new: OrderKind,
  change: OrderChangeKinds,
  packshot: Packshot,
  internalDate: z.string(),
  externalDate: z.string(),
  /** Recipients to notify, comma separated e-mails. */
  vertretung: z.string(),
  description: z.string(),
  notify: z.boolean(),
  files: z.array(OrderFile),
  history: z.array(HistoryEntry),
});
export type Order = z.infer<typeof Order>;

/** `GET /api/order` and `POST /api/order/search`. */
export const OrdersAnswer = z.object({ orders: z.array(Order) });
export type OrdersAnswer = z.infer<typeof OrdersAnswer>;

const DAY = z.union([
  z.literal(''),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: ErrorCodes.orderInvalidDate }),
]);

/** Comma separated e-mails; each must be an address. Stored normalised ("a@x.de,b@y.de"). */
const Recipients = z
  .string()
  .max(2000, { error: ErrorCodes.tooLong })
  .transform((value, ctx) => {
    const parts = value
      .split(/[,;\s]+/)
      .map((part) => part.trim())
      .filter(Boolean);
    const parsed: string[] = [];
    for (const part of parts) {
      const result = email(ErrorCodes.orderInvalidRecipient).safeParse(part);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', message: ErrorCodes.orderInvalidRecipient });
        return z.NEVER;
      }
      parsed.push(result.data);
    }
    return [...new Set(parsed)].join(',');
  });

/** The fields of the order form (spec 2.10, 5). The server fills what a create leaves out (empty, false, kind 'yes'). */
const orderFormFields = {
  name: z
    .string({ error: ErrorCodes.required })
    .trim()
    .min(1, { error: ErrorCodes.required })
    .max(200, { error: ErrorCodes.tooLong }),
  articleId: text(50),
  gtin,
  de: z.boolean(),
  at: z.boolean(),
  ch: z.boolean(),
  new: OrderKind,
  change: OrderChangeKinds,
  packshot: PackshotSave,
  internalDate: DAY,
  externalDate: DAY,
  vertretung: Recipients,
  description: text(5000),
  notify: z.boolean(),
};

/**
 * `PUT` and `POST /api/order` (spec 7.5 "create or change"). Sent as JSON, or as multipart/form-data
 * (needed to add files): every field a text part, `change` and `packshot` (and the ignored
 * `history`, `files`) as JSON text, flags as "true"/"false", `_id` as digits, and the files as parts
 * named `newFiles`. Without `_id` a new order, where only the name is required (spec 5); with `_id` a change of the fields sent. `status` is for super users
 * only (spec 4: the status field is visible only to them). One schema, so that a missing name is a
 * plain field error rather than a union mismatch.
 */
export const OrderSave = z
  .object({
    _id: z.number().int().positive(),
    ...orderFormFields,
    status: OrderStatus,
    /** Sent back by the app's edit form (spec 7.5 "with files, history and _id"); ignored: the server keeps both. */
    history: z.unknown(),
    files: z.unknown(),
  })
  .partial()
  .strict()
  .superRefine((body, ctx) => {
    if (body._id === undefined && body.name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: ErrorCodes.required });
    }
  });
export type OrderSave = z.input<typeof OrderSave>;
export type OrderSaveParsed = z.output<typeof OrderSave>;

export const OrderParams = z.object({ id: NumericId });
/** `DELETE /api/order/{id}`. */
export const OrderDeactivateAnswer = z.object({ success: z.literal(true) });
/** Stored names of order files are `{22 base64url chars}.{extension}` (order-uploads): anything else names nothing. */
export const OrderUploadParams = z.object({
  filename: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/),
});
/** A signed order file URL (`?u=&exp=&sig=`, u the viewer); without them the bearer token of a jde or super user. */
export const OrderUploadQuery = z.object({
  u: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

/** `POST /api/order/{id}`: a review (accepted/rejected, rejection with comment) or a super user's status update. */
export const OrderReview = z
  .object({
    status: OrderStatus,
    comment: z.string().trim().max(5000, { error: ErrorCodes.tooLong }).optional().default(''),
    /** Super users completing an order: mail the creator and the vertretung. */
    notify: z.boolean().optional(),
  })
  .strict();
export type OrderReview = z.input<typeof OrderReview>;

/** Fields `POST /api/order/search` may be limited to with `customField`. */
export const ORDER_SEARCH_FIELDS = ['name', 'articleId', 'gtin', 'orderNumber', 'username'] as const;
export const OrderSearch = z
  .object({
    data: z.string().trim().max(200, { error: ErrorCodes.tooLong }),
    customField: z.enum(ORDER_SEARCH_FIELDS).optional(),
  })
  .strict();
export type OrderSearch = z.input<typeof OrderSearch>;

/** `DELETE /api/order`: remove one file of an order. */
export const OrderFileRemoval = z.object({ orderId: NumericId, fileId: NumericId }).strict();
export type OrderFileRemoval = z.input<typeof OrderFileRemoval>;

/** `GET /api/order/count`: the order badge (spec 6). */
export const OrderCountAnswer = z.object({ count: z.number().int() });
export type OrderCountAnswer = z.infer<typeof OrderCountAnswer>;

/** `GET /api/order/article?gtin=…` or `?articleId=…`. */
export const ArticleLookupQuery = z
  .object({
    gtin: z.string().trim().min(1).max(14).optional(),
    articleId: z.string().trim().min(1).max(50).optional(),
  })
  .refine((query) => Boolean(query.gtin) !== Boolean(query.articleId), { error: ErrorCodes.required });
export const ArticleLookupAnswer = z.object({
  articleId: z.string(),
  gtin: z.string(),
  name: z.string(),
  /** Comma string of the countries the article's assets are in ("de,ch"). */
  country: z.string(),
});
export type ArticleLookupAnswer = z.infer<typeof ArticleLookupAnswer>;
