import { z } from 'zod';
import { LanguageSchema } from './common.js';

/** `GET /api/download/{filename}/file/{position}`: one file of a bundle, by its place in the bundle. */
export const BundleFileParams = z.object({
  filename: z.string().max(100),
  position: z.string().max(12),
});

/** The asset's name in each portal language (German where it has none), so a language switch needs no new request. */
const AssetNames = z.object({ de: z.string(), en: z.string(), fr: z.string() });

/** One delivered file of a share page: what the zip holds under `name`, and where to get it alone. */
export const ShareFile = z.object({
  /** The file's place in the bundle: the `{position}` of its download URL, stable while the link lives. */
  position: z.number().int(),
  /** The delivered name: the zip entry's name, and the name the single download is saved under. */
  name: z.string(),
  assetNames: AssetNames,
  gtin: z.string().nullable(),
  /** A media type id (MEDIA_TYPES); the app shows its name in the page language. */
  mediaType: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Bytes, exactly as in the zip. */
  size: z.number().int(),
  /**
   * 'withdrawn': taken out of the catalogue since (shown as such, no download, not in the zip);
   * 'replaced': the file has a new version since, which is what the link now delivers (issue 20.3);
   * 'preparing': a converted file still being made (issue 21.4; `size` is 0 until it is made);
   * 'failed': a conversion the source could not give (`failure` says why; no download, not in the zip).
   */
  status: z.enum(['available', 'replaced', 'withdrawn', 'preparing', 'failed']),
  /** The conversion preset this file is made with (issue 21.2), by its names; null for an original file. */
  preset: AssetNames.nullable(),
  /** Why a conversion failed: a media rejection code (media.errors.tooLarge, media.errors.damaged, …); else null. */
  failure: z.string().nullable(),
  /** Same origin, Range-able; the bundle name in it is the key, as for the zip. Null when withdrawn. */
  url: z.string().nullable(),
  /** A signed thumbnail URL on our origin; null when the stored file is gone (replaced since). */
  thumbUrl: z.string().nullable(),
});
export type ShareFile = z.infer<typeof ShareFile>;

/**
 * `GET /api/download/{filename}/progress` (issue 21.4): how many of a bundle's files are ready. The
 * zip's exact size needs every converted file first, so a bundle with conversions is `ready` only
 * when each is made or has failed; until then the zip and unready files answer 409
 * download.errors.preparing. Polling it records nothing (unlike opening the contents).
 */
export const BundleProgress = z.object({
  /** Files made or failed, of `total` delivered files (originals count as done). */
  done: z.number().int(),
  total: z.number().int(),
  /** Conversions that failed (left out of the zip, with their reason on the share page). */
  failed: z.number().int(),
  ready: z.boolean(),
});
export type BundleProgress = z.infer<typeof BundleProgress>;

/** `GET /api/download/{filename}/contents`: what the share page at a download link shows. */
export const ShareContentsAnswer = z.object({
  /** ISO date-time the link stops working. */
  validUntil: z.string(),
  /** The language the sender wrote in (the page starts in it unless `?lang=` says otherwise). */
  lang: LanguageSchema,
  /**
   * True at a recipient's own link: opening it and downloading from it are stored as delivery facts
   * of the link for the sender (no IP address, no cookie), and the page says so (issue 20.2).
   */
  tracked: z.boolean(),
  /** The whole zip: its URL and its exact size in bytes (0 while `progress.ready` is false). */
  zip: z.object({ url: z.string(), size: z.number().int() }),
  /** How far the bundle's converted files are made; the zip downloads once it is ready. */
  progress: BundleProgress,
  files: z.array(ShareFile),
});
export type ShareContentsAnswer = z.infer<typeof ShareContentsAnswer>;
