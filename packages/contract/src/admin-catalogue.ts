import { z } from 'zod';
import { AssetChange } from './takedowns.js';
import { FileProperties } from './catalogue.js';
import { NumericId } from './common.js';
import { ErrorCodes } from './error-codes.js';

/**
 * Catalogue administration for super users (issue 6): categories (create, rename in three
 * languages, move, delete when empty), uploads into a category through the import service of
 * `mediabox import` (GS1 file names fill GTIN, view, version and variant), editing an asset's names,
 * keywords, description and custom fields, replacing a file (a new version), withdrawing and
 * restoring. Browsing uses the public calls (`GET /api/node/{id}`, `GET /api/assets/{containerId}`);
 * these calls are under /api/admin/catalogue and answer 401/403 to everyone but super users.
 */

/** Multipart part that carries the files of an upload or a replacement. */
export const CATALOGUE_UPLOAD_FIELD = 'files';
/** Files per upload request; the app sends larger drops in several requests. */
export const CATALOGUE_UPLOAD_MAX_FILES = 20;
/** Bytes per file (print TIFFs are large; the import streams them to disk, never into memory). */
export const CATALOGUE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

const NAME_MAX = 200;
const Name = z
  .string({ error: ErrorCodes.required })
  .trim()
  .min(1, { error: ErrorCodes.required })
  .max(NAME_MAX, { error: ErrorCodes.tooLong });

/** Category names: all three languages are shown in the app, so all three are stored. */
export const NodeNames = z.object({ de: Name, en: Name, fr: Name });
export type NodeNames = z.infer<typeof NodeNames>;

export const AdminNodeParams = z.object({ id: NumericId });
export const AdminCatalogueAssetParams = z.object({ id: NumericId });

/** `POST /api/admin/catalogue/nodes`: a new category below `parentId` (a country root or a category). */
export const CreateNodeRequest = z.object({ parentId: NumericId, name: NodeNames });
export type CreateNodeRequest = z.infer<typeof CreateNodeRequest>;

/** `PATCH /api/admin/catalogue/nodes/{id}`: rename and/or move (country roots cannot move). */
export const UpdateNodeRequest = z
  .object({ name: NodeNames.optional(), parentId: NumericId.optional() })
  .refine((change) => change.name !== undefined || change.parentId !== undefined, {
    error: ErrorCodes.required,
  });
export type UpdateNodeRequest = z.infer<typeof UpdateNodeRequest>;

export const AdminNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  rootId: z.number().int(),
  name: NodeNames,
});
export type AdminNode = z.infer<typeof AdminNode>;

export const AdminNodeAnswer = z.object({ node: AdminNode });
export type AdminNodeAnswer = z.infer<typeof AdminNodeAnswer>;

/**
 * `GET /api/admin/catalogue/tree`: every category with its asset counts (the tree has thousands
 * of nodes, not millions), for the admin's tree and the "move to" picker.
 */
export const AdminTreeNode = AdminNode.extend({
  /** Assets directly in the node that are not withdrawn. */
  assetCount: z.number().int(),
  /** Assets in the node and all categories below it that are not withdrawn (a country's total). */
  totalAssetCount: z.number().int(),
  withdrawnCount: z.number().int(),
});
export type AdminTreeNode = z.infer<typeof AdminTreeNode>;
export const AdminTreeAnswer = z.object({ nodes: z.array(AdminTreeNode) });
export type AdminTreeAnswer = z.infer<typeof AdminTreeAnswer>;

/** Custom fields of spec 3 as the admin edits them: text, '' clears a field. */
export const AdminCustomFields = z.object({
  100: z.string().trim().max(14, { error: ErrorCodes.tooLong }),
  101: z.string().trim().max(NAME_MAX, { error: ErrorCodes.tooLong }),
  102: z.string().trim().max(6, { error: ErrorCodes.tooLong }),
  103: z.string().trim().max(6, { error: ErrorCodes.tooLong }),
  104: z.string().trim().max(6, { error: ErrorCodes.tooLong }),
});
export type AdminCustomFields = z.infer<typeof AdminCustomFields>;

/** One stored file version of an asset (current or replaced). */
export const AdminAssetFile = z.object({
  id: z.number().int(),
  mediaType: z.number().int(),
  version: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  fileProperties: FileProperties,
  /** Signed thumbnail of the current file, when there is one. */
  thumbTicket: z.string().nullable(),
});
export type AdminAssetFile = z.infer<typeof AdminAssetFile>;

/** An asset as the catalogue admin edits it; withdrawn ones included. */
export const AdminAsset = z.object({
  id: z.number().int(),
  container: z.number().int(),
  rootId: z.number().int(),
  /** en and fr null: the app falls back to de. */
  name: z.object({ de: z.string(), en: z.string().nullable(), fr: z.string().nullable() }),
  keywords: z.string(),
  description: z.string(),
  customFields: AdminCustomFields,
  withdrawn: z.boolean(),
  removalRequested: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  files: z.array(AdminAssetFile),
  /** Withdrawals and replaced files, newest first, with how many people were told (issue 20.3). */
  changes: z.array(AssetChange),
});
export type AdminAsset = z.infer<typeof AdminAsset>;

export const AdminAssetAnswer = z.object({ asset: AdminAsset });
export type AdminAssetAnswer = z.infer<typeof AdminAssetAnswer>;

/** `GET /api/admin/catalogue/nodes/{id}/assets`: every asset directly in a category, withdrawn too. */
export const AdminContainerAssetsAnswer = z.object({ assets: z.array(AdminAsset), total: z.number().int() });
export type AdminContainerAssetsAnswer = z.infer<typeof AdminContainerAssetsAnswer>;

const OptionalName = z.string().trim().max(NAME_MAX, { error: ErrorCodes.tooLong });

/** `PATCH /api/admin/catalogue/assets/{id}`: any of these; '' for en/fr falls back to de. */
export const UpdateAssetRequest = z
  .object({
    name: z.object({ de: Name, en: OptionalName, fr: OptionalName }).optional(),
    keywords: z.string().trim().max(5000, { error: ErrorCodes.tooLong }).optional(),
    description: z.string().trim().max(10_000, { error: ErrorCodes.tooLong }).optional(),
    customFields: AdminCustomFields.partial().optional(),
    /** Move the asset into another category. */
    container: NumericId.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: ErrorCodes.required,
  });
export type UpdateAssetRequest = z.infer<typeof UpdateAssetRequest>;

/** `POST /api/admin/catalogue/nodes/{id}/assets` (multipart, files in `files`): what became of each file. */
export const UploadedAsset = z.object({
  fileName: z.string(),
  assetId: z.number().int(),
  /** created: a new asset; updated: the file was a new version (or moved) of an asset with the same GS1 name; unchanged: identical. */
  outcome: z.enum(['created', 'updated', 'unchanged']),
  gtin: z.string().nullable(),
  imageCategory: z.number().int().nullable(),
  version: z.number().int().nullable(),
  variant: z.number().int().nullable(),
});
export type UploadedAsset = z.infer<typeof UploadedAsset>;

export const UploadAnswer = z.object({ assets: z.array(UploadedAsset) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/**
 * `POST /api/admin/catalogue/assets/{id}/files` (multipart): one file in `files`, and the field
 * `mediaType` (1100…1500); the file becomes the next version of that media type.
 */
export const ReplaceFileFields = z.object({ mediaType: z.coerce.number().int() });
