import { z } from 'zod';
import { LocalizedText } from './catalogue.js';

/**
 * The takedown loop (issue 20.3): when a super user withdraws an asset or replaces one of its files,
 * everyone who downloaded it in the last TAKEDOWN_LOOKBACK_DAYS is told, in one mail per person per day.
 */

/** How far back a download makes its downloader someone to tell. */
export const TAKEDOWN_LOOKBACK_DAYS = 365;

export const ASSET_CHANGE_KINDS = ['withdrawn', 'replaced'] as const;

/** One change of an asset and how many people it reached. */
export const AssetChange = z.object({
  id: z.number().int(),
  assetId: z.number().int(),
  kind: z.enum(ASSET_CHANGE_KINDS),
  /** For 'replaced': the media type whose file has a new version; null for 'withdrawn'. */
  mediaType: z.number().int().nullable(),
  /** ISO date-time. */
  at: z.string(),
  /** People a takedown mail is owed to for this change. */
  told: z.number().int(),
  /** Of those, how many have been mailed (the daily digest, or "send now"). */
  mailed: z.number().int(),
});
export type AssetChange = z.infer<typeof AssetChange>;

/** `GET /api/admin/takedowns`: the latest changes (with the asset's name) and who is still to be mailed. */
export const AdminTakedownsAnswer = z.object({
  changes: z.array(AssetChange.extend({ assetName: LocalizedText })),
  /** People with notices not yet mailed. */
  pendingPeople: z.number().int(),
});
export type AdminTakedownsAnswer = z.infer<typeof AdminTakedownsAnswer>;

/** `POST /api/admin/takedowns/send`: mails every pending notice now instead of with tonight's digest. */
export const SendTakedownsAnswer = z.object({ mailed: z.number().int() });
export type SendTakedownsAnswer = z.infer<typeof SendTakedownsAnswer>;

/** `POST /api/admin/removal-requests/{assetId}/confirm`: the asset is withdrawn; `told` people will hear of it. */
export const ConfirmRemovalAnswer = z.object({ success: z.literal(true), told: z.number().int() });
export type ConfirmRemovalAnswer = z.infer<typeof ConfirmRemovalAnswer>;
