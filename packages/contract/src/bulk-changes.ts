import { z } from 'zod';
import { AdminCustomFields } from './admin-catalogue.js';
import { NumericId } from './common.js';
import { ErrorCodes } from './error-codes.js';
import { SELECTION_MAX } from './selection.js';

/**
 * Bulk changes for super users (issue 22.5): one change applied to a selection of assets, in
 * batches (each batch one transaction, one audit row per changed asset), as a background job whose
 * progress the app polls. The author may undo their last bulk change for BULK_UNDO_WINDOW_MS after
 * it finished: every asset it changed gets its previous values back.
 */

/** How long after a bulk change finished its author may still undo it. */
export const BULK_UNDO_WINDOW_MS = 10 * 60 * 1000;
/** Assets per transaction: a failing batch changes none of its assets. */
export const BULK_BATCH_SIZE = 500;
/** Most keywords one bulk change adds or removes. */
export const BULK_KEYWORDS_MAX = 50;

/** One keyword as the asset stores them (space-separated): no spaces inside. */
const Keyword = z
  .string()
  .trim()
  .min(1, { error: ErrorCodes.required })
  .max(100, { error: ErrorCodes.tooLong })
  .regex(/^\S+$/, { error: ErrorCodes.validation });
const Keywords = z.array(Keyword).min(1, { error: ErrorCodes.required }).max(BULK_KEYWORDS_MAX);

/** The custom fields a bulk change may set: every one but the GTIN, which belongs to one asset. */
export const BulkCustomFields = z
  .object({
    101: AdminCustomFields.shape[101],
    102: AdminCustomFields.shape[102],
    103: AdminCustomFields.shape[103],
    104: AdminCustomFields.shape[104],
  })
  .partial()
  .strict()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    error: ErrorCodes.required,
  });
export type BulkCustomFields = z.infer<typeof BulkCustomFields>;

export const BulkChange = z.discriminatedUnion('kind', [
  /** Into another category. */
  z.object({ kind: z.literal('move'), containerId: NumericId }).strict(),
  z.object({ kind: z.literal('withdraw') }).strict(),
  z.object({ kind: z.literal('restore') }).strict(),
  z.object({ kind: z.literal('addKeywords'), keywords: Keywords }).strict(),
  z.object({ kind: z.literal('removeKeywords'), keywords: Keywords }).strict(),
  /** An empty string clears a field. */
  z.object({ kind: z.literal('setFields'), fields: BulkCustomFields }).strict(),
]);
export type BulkChange = z.infer<typeof BulkChange>;
export const BULK_CHANGE_KINDS = [
  'move',
  'withdraw',
  'restore',
  'addKeywords',
  'removeKeywords',
  'setFields',
] as const;
export type BulkChangeKind = (typeof BULK_CHANGE_KINDS)[number];

/** `POST /api/admin/bulk`: the selection (repeated ids count once) and the change. */
export const StartBulkChangeRequest = z
  .object({
    assetIds: z
      .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1, { error: ErrorCodes.required })
      .max(SELECTION_MAX, { error: ErrorCodes.bulkTooManyAssets }),
    change: BulkChange,
  })
  .strict();
export type StartBulkChangeRequest = z.input<typeof StartBulkChangeRequest>;

export const BulkChangeParams = z.object({ id: NumericId });

/**
 * running: batches are being applied; done: every asset was handled; failed: a batch failed for
 * good (the batches before it stay applied and can be undone); undoing / undone: the undo runs or
 * has put every changed asset back.
 */
export const BULK_CHANGE_STATES = ['running', 'done', 'failed', 'undoing', 'undone'] as const;
export const BulkChangeState = z.enum(BULK_CHANGE_STATES);
export type BulkChangeState = z.infer<typeof BulkChangeState>;

/** Why an asset of the selection was left as it was. */
export const BULK_SKIP_REASONS = ['unchanged', 'missing', 'invalidFields'] as const;
export const BulkSkipReason = z.enum(BULK_SKIP_REASONS);
export type BulkSkipReason = z.infer<typeof BulkSkipReason>;

/** `GET /api/admin/bulk/{id}` (and the answer of starting and undoing one). */
export const BulkChangeProgress = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_CHANGE_KINDS),
  state: BulkChangeState,
  /** Assets in the selection. */
  total: z.number().int(),
  /** Assets handled so far (changed or skipped). */
  done: z.number().int(),
  changed: z.number().int(),
  /** Changed assets the undo has handled so far (put back, or kept as edited since). */
  undone: z.number().int(),
  /**
   * Of the handled ones, assets edited after the change (one of its columns no longer holds what
   * the change wrote): the undo leaves them as that later edit left them.
   */
  keptLaterEdits: z.number().int(),
  /** Skipped assets, counted by reason; the first ids of each reason. */
  skipped: z.array(
    z.object({ reason: BulkSkipReason, count: z.number().int(), assetIds: z.array(z.number().int()) }),
  ),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * Until when the caller may undo it; null when they cannot: not their last bulk change, still
   * running, undone, or too late.
   */
  undoableUntil: z.string().nullable(),
});
export type BulkChangeProgress = z.infer<typeof BulkChangeProgress>;

export const BulkChangeAnswer = z.object({ bulkChange: BulkChangeProgress });
export type BulkChangeAnswer = z.infer<typeof BulkChangeAnswer>;
