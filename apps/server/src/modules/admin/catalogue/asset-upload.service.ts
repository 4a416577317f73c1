import { ErrorCodes, type UploadAnswer } from '@mediabox/contract';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ImportValidationError } from '../../catalogue/import/import.errors.js';
import type { ImportService } from '../../catalogue/import/import.service.js';
import { writeAudit, type AdminActor } from '../../audit/audit-log.js';
import { requireNode } from './catalogue-admin-lookups.js';
import type { CatalogueAdminRepository } from './catalogue-admin.repository.js';
import { uploadManifest } from './upload-manifest.js';
import { uploadRefused, withFileNames } from './upload-refusal.js';
import type { StagedUpload } from './upload-staging.js';

export interface AssetUploadDeps {
  repository: CatalogueAdminRepository;
  imports: Pick<ImportService, 'importDirectory'>;
  clock: Clock;
}

/**
 * Files dropped into a category become assets through the importer, as a manifest built from their
 * names (upload-manifest.ts): content checks, versions, rendition jobs and search indexing are those
 * of `mediabox import`, and the audit rows commit with the import.
 */
export class AssetUploadService {
  constructor(private readonly deps: AssetUploadDeps) {}

  /**
   * The same GS1 name again is a new version of its file; any other name makes a new asset. Nothing
   * is kept when any file is refused (422 with every file's reason).
   */
  async upload(actor: AdminActor, nodeId: number, upload: StagedUpload | null): Promise<UploadAnswer> {
    const { repository } = this.deps;
    await requireNode(repository, nodeId);
    const files = upload?.files ?? [];
    if (!upload || files.length === 0) {
      throw new AppError(ErrorCodes.catalogueUploadInvalid, 'Send at least one file');
    }
    const { manifest, fileOfRow } = uploadManifest(nodeId, files);
    let report;
    try {
      report = await this.deps.imports.importDirectory(upload.dir, {
        ...(actor.id !== null ? { actorUserId: actor.id } : {}),
        manifest,
        withinTransaction: async (executor, imported) => {
          for (const item of imported.items) {
            if (item.outcome === 'unchanged') continue;
            await writeAudit(executor, this.deps.clock.now(), {
              actor,
              action: 'asset.upload',
              targetType: 'asset',
              targetId: item.assetId,
              before: null,
              after: { fileName: fileOfRow.get(item.row), container: nodeId, outcome: item.outcome },
            });
          }
        },
      });
    } catch (err) {
      if (err instanceof ImportValidationError) {
        throw uploadRefused(
          err.problems.map((problem) => withFileNames(problem, files)),
          (row) => fileOfRow.get(row),
        );
      }
      throw err;
    }
    const rows = new Map(
      (await Promise.all(report.items.map((item) => repository.findAsset(item.assetId)))).map((row) => [
        row!.id,
        row!,
      ]),
    );
    return {
      assets: report.items.map((item) => {
        const row = rows.get(item.assetId)!;
        return {
          fileName: fileOfRow.get(item.row) ?? item.row,
          assetId: item.assetId,
          outcome: item.outcome,
          gtin: row.gtin,
          imageCategory: row.image_category,
          version: row.version,
          variant: row.variant,
        };
      }),
    };
  }
}
