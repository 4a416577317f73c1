import { ImportErrorCodes } from '@mediabox/contract';
import type { ReportProblem } from './import.errors.js';
import type { ImportFileChecker } from './import-file-checker.js';
import type { PlannedAsset } from './import-plan.js';
import { KINDS_OF_MEDIA_TYPE } from './media-type-kinds.js';

/**
 * Checks across the planned assets, once every row is planned and every file probed: what no single
 * row can tell (two rows naming one asset, an id that belongs to another asset, content that does
 * not fit its media type).
 */

/** Explicit ids and source keys must be unique in the manifest, and an explicit id must be ours. */
export async function checkAssetIdentities(
  assets: PlannedAsset[],
  sourceKeysOfAssetIds: (ids: number[]) => Promise<Map<number, string | null>>,
  report: ReportProblem,
): Promise<void> {
  const byKey = new Map<string, string>();
  for (const asset of assets) {
    const first = byKey.get(asset.sourceKey);
    if (first !== undefined) {
      const what = asset.id !== undefined ? `the id ${asset.id}` : `the same source (${asset.sourceKey})`;
      report({
        row: asset.row,
        ...(asset.id !== undefined ? { field: 'id' } : {}),
        code: asset.id !== undefined ? ImportErrorCodes.duplicateId : ImportErrorCodes.duplicateAsset,
        message: `${first} has ${what} already; give each asset its own "id"`,
      });
    } else byKey.set(asset.sourceKey, asset.row);
  }
  const explicit = assets.filter((asset) => asset.id !== undefined);
  if (explicit.length === 0) return;
  const keys = await sourceKeysOfAssetIds(explicit.map((asset) => asset.id!));
  for (const asset of explicit) {
    if (keys.has(asset.id!) && keys.get(asset.id!) !== asset.sourceKey) {
      report({
        row: asset.row,
        field: 'id',
        code: ImportErrorCodes.idTaken,
        message: `Asset id ${asset.id} belongs to an asset that was not imported from a manifest`,
      });
    }
  }
}

/** One file per media type and asset (types the manifest left out are decided by then). */
export function checkDuplicateMediaTypes(
  assets: PlannedAsset[],
  files: Pick<ImportFileChecker, 'isRejected'>,
  report: ReportProblem,
) {
  for (const asset of assets) {
    const seen = new Set<number>();
    asset.files.forEach((planned, index) => {
      if (files.isRejected(planned.file.absolutePath)) return;
      if (seen.has(planned.mediaType)) {
        report({
          row: asset.row,
          field: `files[${index}].mediaType`,
          code: ImportErrorCodes.duplicateMediaType,
          message: `The asset has two files of media type ${planned.mediaType}${planned.mediaTypeGiven ? '' : ` (${planned.file.relativePath} is one by its content; name its "mediaType")`}`,
        });
      }
      seen.add(planned.mediaType);
    });
  }
}

/** A file's content must fit its media type: no PDF as the web image, no JPEG as the vector logo. */
export function checkFileKinds(
  assets: PlannedAsset[],
  files: Pick<ImportFileChecker, 'isRejected'>,
  report: ReportProblem,
) {
  for (const asset of assets) {
    asset.files.forEach((planned, index) => {
      if (files.isRejected(planned.file.absolutePath)) return;
      const allowed = KINDS_OF_MEDIA_TYPE[planned.mediaType];
      if (!allowed.includes(planned.media.kind)) {
        report({
          row: asset.row,
          field: asset.row.startsWith('gs1[') ? 'path' : `files[${index}].path`,
          code: ImportErrorCodes.wrongFileType,
          message: `${planned.file.relativePath} is ${planned.media.mimeType}, which does not fit media type ${planned.mediaType}`,
          path: planned.file.relativePath,
        });
      }
    });
  }
}
