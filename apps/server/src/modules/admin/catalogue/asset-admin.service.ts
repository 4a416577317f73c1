import {
  ErrorCodes,
  MEDIA_TYPES,
  type AdminAsset,
  type AdminContainerAssetsAnswer,
  type MediaType,
  type UpdateAssetRequest,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Tickets } from '../../../platform/http/tickets.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import { ImportValidationError } from '../../catalogue/import/import.errors.js';
import type { ImportService } from '../../catalogue/import/import.service.js';
import { MediaRejectedError } from '../../media/media-types.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { searchReindexJob } from '../../search/search-reindex.job.js';
import type { TakedownService } from '../../takedown/takedown.service.js';
import type { Page } from '../admin.repository.js';
import { writeAudit, type AdminActor, type AuditRecord } from '../../audit/audit-log.js';
import { assetFieldUpdates, changedColumns } from './asset-field-changes.js';
import { requireAsset, requireNode } from './catalogue-admin-lookups.js';
import { presentAdminAsset } from './catalogue-admin.presenter.js';
import type { AdminAssetRow, CatalogueAdminRepository } from './catalogue-admin.repository.js';
import { uploadRefused } from './upload-refusal.js';
import type { StagedUpload } from './upload-staging.js';

export interface AssetAdminDeps {
  repository: CatalogueAdminRepository;
  imports: Pick<ImportService, 'replaceFile'>;
  tickets: Tickets;
  search: Pick<SearchIndex, 'indexAssets'>;
  jobs: JobQueue;
  searchReindex: ReturnType<typeof searchReindexJob>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Told of a withdrawal in its transaction (replaced files: the importer); changes are shown with the asset. */
  takedowns: Pick<TakedownService, 'recordChange' | 'changesOf'>;
}

/**
 * One asset at a time for super users: read it with all its file versions, edit its fields, replace
 * a file (through the importer, checked by content), withdraw or restore it. Each change writes its
 * audit row and a search reindex job in its own transaction, then updates the index at once.
 */
export class AssetAdminService {
  constructor(private readonly deps: AssetAdminDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  async assetsOf(nodeId: number, page: Page): Promise<AdminContainerAssetsAnswer> {
    await requireNode(this.repository, nodeId);
    const { rows, total } = await this.repository.assetsOfContainer(nodeId, page);
    return { assets: await this.present(rows), total };
  }

  async asset(id: number): Promise<AdminAsset> {
    const [asset] = await this.present([await requireAsset(this.repository, id)]);
    return asset!;
  }

  /** Names, keywords, description, custom fields (checked like an import's) and the category. */
  async updateAsset(actor: AdminActor, id: number, change: UpdateAssetRequest): Promise<AdminAsset> {
    const asset = await requireAsset(this.repository, id);
    const updates = assetFieldUpdates(asset, change);
    if (change.container !== undefined && change.container !== asset.container_id) {
      const node = await requireNode(this.repository, change.container);
      updates.container_id = node.id;
      updates.root_id = node.root_id;
    }
    const changed = changedColumns(asset, updates);
    if (changed.length === 0) return this.asset(id);
    const now = this.deps.clock.now();
    await this.repository.transaction(async (repository) => {
      await repository.updateAsset(id, { ...updates, updated_by: actor.id, updated_at: now });
      await this.audit(repository.db, {
        actor,
        action: 'asset.update',
        targetType: 'asset',
        targetId: id,
        before: Object.fromEntries(changed.map((key) => [key, asset[key]])),
        after: Object.fromEntries(changed.map((key) => [key, updates[key as keyof typeof updates]])),
      });
      await this.queueReindex(repository.db, id);
    });
    await this.reindex(id);
    return this.asset(id);
  }

  /** The uploaded file becomes the next version of that media type (checked by content, like an import). */
  async replaceFile(
    actor: AdminActor,
    id: number,
    mediaType: number,
    upload: StagedUpload | null,
  ): Promise<AdminAsset> {
    await requireAsset(this.repository, id);
    const files = upload?.files ?? [];
    if (files.length !== 1) {
      throw new AppError(ErrorCodes.catalogueUploadInvalid, 'Send exactly one file');
    }
    if (!(mediaType in MEDIA_TYPES)) {
      throw new AppError(ErrorCodes.validation, `${mediaType} is not a media type`, [
        { path: 'mediaType', code: ErrorCodes.validation },
      ]);
    }
    const file = files[0]!;
    try {
      await this.deps.imports.replaceFile({
        assetId: id,
        mediaType: mediaType as MediaType,
        filePath: file.absolutePath,
        fileName: file.fileName,
        ...(actor.id !== null ? { actorUserId: actor.id } : {}),
        // The importer tells the takedown loop of the new version (ImportServiceDependencies.fileReplaced).
        withinTransaction: (executor, version) =>
          this.audit(executor, {
            actor,
            action: 'asset.replaceFile',
            targetType: 'asset',
            targetId: id,
            before: version > 1 ? { mediaType, version: version - 1 } : null,
            after: { mediaType, version, fileName: file.fileName },
          }),
      });
    } catch (err) {
      if (err instanceof ImportValidationError) throw uploadRefused(err.problems, () => file.fileName);
      if (err instanceof MediaRejectedError) {
        throw uploadRefused(
          [{ row: file.fileName, code: err.code, message: err.message }],
          () => file.fileName,
        );
      }
      throw err;
    }
    return this.asset(id);
  }

  /**
   * Withdraws or restores an asset. Withdrawn, it is hidden everywhere (browse, search, asset page,
   * files, GS1 links, carts, existing bundles); restored, it is back. Doing it twice changes nothing.
   * A withdrawal (not a restore) owes everyone who downloaded the asset a takedown notice.
   */
  async setWithdrawn(actor: AdminActor, id: number, withdraw: boolean): Promise<AdminAsset> {
    const asset = await requireAsset(this.repository, id);
    const now = this.deps.clock.now();
    const changed = await this.repository.transaction(async (repository) => {
      if (!(await repository.setWithdrawn(id, withdraw, now, actor.id))) return false;
      const at = (value: number | null) => (value === null ? null : new Date(value).toISOString());
      await this.audit(repository.db, {
        actor,
        action: withdraw ? 'asset.withdraw' : 'asset.restore',
        targetType: 'asset',
        targetId: id,
        before: { withdrawnAt: at(asset.withdrawn_at) },
        after: { withdrawnAt: withdraw ? at(now) : null },
      });
      if (withdraw) {
        await this.deps.takedowns.recordChange(repository.db, {
          assetId: id,
          kind: 'withdrawn',
          actorId: actor.id,
        });
      }
      await this.queueReindex(repository.db, id);
      return true;
    });
    if (changed) await this.reindex(id);
    return this.asset(id);
  }

  private async present(rows: AdminAssetRow[]): Promise<AdminAsset[]> {
    const ids = rows.map((row) => row.id);
    const [files, changes] = await Promise.all([
      this.repository.fileVersions(ids),
      this.deps.takedowns.changesOf(ids),
    ]);
    const sign = await this.deps.tickets.signer();
    return rows.map((row) =>
      presentAdminAsset(
        row,
        files.filter((file) => file.assetId === row.id),
        sign,
        changes.get(row.id) ?? [],
      ),
    );
  }

  private audit(executor: Kysely<Database>, record: AuditRecord): Promise<void> {
    return writeAudit(executor, this.deps.clock.now(), record);
  }

  /** The durable half of a search index update: runs even if the process dies before `reindex`. */
  private async queueReindex(executor: Kysely<Database>, id: number): Promise<void> {
    await this.deps.jobs.enqueue(this.deps.searchReindex, { assetIds: [id] }, { executor });
  }

  private async reindex(id: number): Promise<void> {
    try {
      await this.deps.search.indexAssets([id]);
    } catch (err) {
      this.deps.log.warn({ err, assetId: id }, 'search index not yet updated; the queued job retries');
    }
  }
}
