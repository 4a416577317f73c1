import { z } from 'zod';

/**
 * The shape of `DIR/manifest.json`. Each row is parsed on its own (see manifest-reader.ts), so one
 * bad row does not hide the problems of the others; these schemas check shape only, the planner
 * (import-planner.ts) checks meaning (GTIN check digits, parents, containers, files).
 */

const Text = z.string().trim().min(1).max(1000);
const PositiveId = z.number().int().positive().max(2_147_483_647);

export const ManifestNode = z.object({
  id: PositiveId,
  parentId: PositiveId.nullable(),
  /** The nodes table keeps all three; en and fr fall back to de when left out. */
  name: z.object({ de: Text, en: Text.optional(), fr: Text.optional() }),
});
export type ManifestNode = z.infer<typeof ManifestNode>;

export const AssetName = z.object({ de: Text, en: Text.optional(), fr: Text.optional() });
export type AssetName = z.infer<typeof AssetName>;

/** Custom field values of spec 3 as strings (numbers are accepted and read as their digits). */
const FieldValue = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

export const ManifestCustomFields = z.strictObject({
  '100': FieldValue.optional(),
  '101': FieldValue.optional(),
  '102': FieldValue.optional(),
  '103': FieldValue.optional(),
  '104': FieldValue.optional(),
});
export type ManifestCustomFields = z.infer<typeof ManifestCustomFields>;

/**
 * `mediaType` is any integer here so that an unknown one gets its own precise problem later.
 * Left out, the file's content decides it (media-type-of-content.ts).
 */
export const ManifestFile = z.strictObject({
  path: z.string().min(1).max(1000),
  mediaType: z.number().int().optional(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

const Keywords = z.array(z.string().trim().min(1).max(200)).max(500);

export const ManifestAsset = z.object({
  id: PositiveId.optional(),
  container: PositiveId,
  name: AssetName,
  keywords: Keywords.optional(),
  description: z.string().max(10_000).optional(),
  customFields: ManifestCustomFields.optional(),
  files: z.array(ManifestFile).min(1).max(20),
});
export type ManifestAsset = z.infer<typeof ManifestAsset>;

/** A GS1-named file (`{GTIN}_{view}.jpg`): GTIN and image category come from the name. */
export const ManifestGs1Entry = z.object({
  container: PositiveId,
  path: z.string().min(1).max(1000),
  name: AssetName.optional(),
  keywords: Keywords.optional(),
  /** Left out, the file's content decides it (media-type-of-content.ts). */
  mediaType: z.number().int().optional(),
});
export type ManifestGs1Entry = z.infer<typeof ManifestGs1Entry>;

/** The top level only: rows stay `unknown` until each is parsed with its schema above. */
export const ManifestTopLevel = z.object({
  nodes: z.array(z.unknown()).optional().default([]),
  assets: z.array(z.unknown()).optional().default([]),
  gs1: z.array(z.unknown()).optional().default([]),
});
