import { z } from 'zod';

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
  /** Same origin, Range-able; the bundle name in it is the key, as for the zip. */
  url: z.string(),
  /** A signed thumbnail URL on our origin; null when the stored file is gone (replaced since). */
  thumbUrl: z.string().nullable(),
});
export type ShareFile = z.infer<typeof ShareFile>;

/** `GET /api/download/{filename}/contents`: what the share page at a download link shows. */
export const ShareContentsAnswer = z.object({
  /** ISO date-time the link stops working. */
  validUntil: z.string(),
  /** The whole zip: its URL and its exact size in bytes. */
  zip: z.object({ url: z.string(), size: z.number().int() }),
  files: z.array(ShareFile),
});
export type ShareContentsAnswer = z.infer<typeof ShareContentsAnswer>;
