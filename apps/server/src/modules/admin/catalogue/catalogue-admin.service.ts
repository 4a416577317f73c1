import path from 'node:path';
import {
  ErrorCodes,
  MEDIA_TYPES,
  gtinNumber,
  parseGs1FileName,
  type AdminAsset,
  type AdminContainerAssetsAnswer,
  type AdminNode,
  type AdminTreeAnswer,
  type CreateNodeRequest,
  type FieldError,
  type MediaType,
  type NodeNames,
  type UpdateAssetRequest,
  type UpdateNodeRequest,
  type UploadAnswer,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { AssetsTable, Database } from '../../../platform/db/schema.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/http/app-error.js';
import type { Tickets } from '../../../platform/http/tickets.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.js';
import {
  ImportErrorCodes,
  ImportValidationError,
  type ImportProblem,
} from '../../catalogue/import/import.errors.js';
import type { ImportService } from '../../catalogue/import/import.service.js';
import { readCustomFields } from '../../catalogue/import/custom-fields.js';
import { MediaRejectedError } from '../../media/media-types.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { searchReindexJob } from '../../search/search-reindex.job.js';
import type { Page } from '../admin.repository.js';
import { writeAudit, type AdminActor, type AuditRecord } from '../audit-log.js';
import {
  customFieldsOf,
  presentAdminAsset,
  presentAdminNode,
  presentTreeNode,
} from './catalogue-admin.presenter.js';
import type { AdminAssetRow, AdminNodeRow, CatalogueAdminRepository } from './catalogue-admin.repository.js';
import type { StagedFile, StagedUpload } from './upload-staging.js';

export interface CatalogueAdminDeps {
  repository: CatalogueAdminRepository;
  imports: ImportService;
  tickets: Tickets;
  search: Pick<SearchIndex, 'indexAssets'>;
  jobs: JobQueue;
  searchReindex: ReturnType<typeof searchReindexJob>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Media type of a file that is no GS1 name, by its extension (the import then checks the content fits). */
const MEDIA_TYPE_OF_EXTENSION: Record<string, MediaType> = {
  '.tif': 1200,
  '.tiff': 1200,
  '.eps': 1400,
  '.ai': 1400,
  '.pdf': 1500,
};
const DEFAULT_MEDIA_TYPE: MediaType = 1100;
/** Two admins creating categories at the same moment may pick the same id: the later one tries again. */
const CREATE_ATTEMPTS = 3;

/**
 * Catalogue administration by super users. Categories and files are written by the ImportService,
 * the same code as `mediabox import` (tree checks, content checks, versions, renditions, search
 * index); each change writes its audit row in the import's transaction.
 */
export class CatalogueAdminService {
  constructor(private readonly deps: CatalogueAdminDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  // ---------- categories ----------

  async tree(): Promise<AdminTreeAnswer> {
    return { nodes: (await this.repository.tree()).map(presentTreeNode) };
  }

  async createNode(actor: AdminActor, request: CreateNodeRequest): Promise<AdminNode> {
    await this.findNode(request.parentId);
    for (let attempt = 1; ; attempt += 1) {
      const id = await this.repository.nextNodeId();
      try {
        await this.deps.imports.importNodes([{ id, parentId: request.parentId, name: request.name }], {
          withinTransaction: (executor) =>
            this.audit(executor, {
              actor,
              action: 'node.create',
              targetType: 'node',
              targetId: id,
              before: null,
              after: { parentId: request.parentId, name: request.name },
            }),
        });
        return presentAdminNode((await this.repository.findNode(id))!);
      } catch (err) {
        if (!isUniqueViolation(err) || attempt === CREATE_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Renames and/or moves a category. A move takes the whole branch along, and when it crosses into
   * another country the assets below follow (the import updates their root and the search index).
   */
  async updateNode(actor: AdminActor, id: number, change: UpdateNodeRequest): Promise<AdminNode> {
    const node = await this.findNode(id);
    const parentId = change.parentId ?? node.parent_id;
    const before = nodeFields(node);
    const name = change.name ?? before.name;
    // The importer's tree check decides whether the move is possible (root, parent, cycle).
    await this.deps.imports
      .importNodes([{ id, parentId, name }], {
        withinTransaction: async (executor, report) => {
          if (report.nodes.unchanged > 0) return;
          await this.audit(executor, {
            actor,
            action: 'node.update',
            targetType: 'node',
            targetId: id,
            before,
            after: { parentId, name },
          });
        },
      })
      .catch((err: unknown) => {
        throw treeRefusal(err);
      });
    return presentAdminNode((await this.repository.findNode(id))!);
  }

  /** Only empty categories go (no sub-categories, no assets, withdrawn ones included). */
  async deleteNode(actor: AdminActor, id: number): Promise<void> {
    const node = await this.findNode(id);
    if (node.parent_id === null) {
      throw conflict(ErrorCodes.catalogueRootFixed, 'A country root cannot be deleted');
    }
    await this.repository.transaction(async (repository) => {
      if (!(await repository.isNodeEmpty(id))) {
        throw conflict(ErrorCodes.catalogueNotEmpty, 'The category still holds categories or assets');
      }
      if (!(await repository.deleteNode(id))) return;
      await this.audit(repository.db, {
        actor,
        action: 'node.delete',
        targetType: 'node',
        targetId: id,
        before: nodeFields(node),
        after: null,
      });
    });
  }

  // ---------- assets ----------

  async assetsOf(nodeId: number, page: Page): Promise<AdminContainerAssetsAnswer> {
    await this.findNode(nodeId);
    const { rows, total } = await this.repository.assetsOfContainer(nodeId, page);
    return { assets: await this.present(rows), total };
  }

  async asset(id: number): Promise<AdminAsset> {
    const [asset] = await this.present([await this.findAsset(id)]);
    return asset!;
  }

  /**
   * Files dropped into a category become assets through the import: a GS1 name (`{GTIN}_{view}`,
   * optionally `_s{version}_v{variant}`) fills those fields and identifies the asset, so the same
   * name again is a new version of its file; any other name makes a new asset named after the file.
   * Nothing is kept when any file is refused (422 with every file's reason).
   */
  async upload(actor: AdminActor, nodeId: number, upload: StagedUpload | null): Promise<UploadAnswer> {
    await this.findNode(nodeId);
    const files = upload?.files ?? [];
    if (!upload || files.length === 0) {
      throw badRequest(ErrorCodes.catalogueUploadInvalid, 'Send at least one file');
    }
    const gs1: unknown[] = [];
    const assets: unknown[] = [];
    const fileOfRow = new Map<string, string>();
    for (const file of files) {
      if (parseGs1FileName(file.fileName)) {
        fileOfRow.set(`gs1[${gs1.length}]`, file.fileName);
        gs1.push({ container: nodeId, path: file.relativePath });
      } else {
        fileOfRow.set(`assets[${assets.length}]`, file.fileName);
        const extension = path.extname(file.fileName).toLowerCase();
        assets.push({
          container: nodeId,
          name: { de: path.basename(file.fileName, path.extname(file.fileName)) || file.fileName },
          files: [
            { path: file.relativePath, mediaType: MEDIA_TYPE_OF_EXTENSION[extension] ?? DEFAULT_MEDIA_TYPE },
          ],
        });
      }
    }
    let report;
    try {
      report = await this.deps.imports.importDirectory(upload.dir, {
        ...(actor.id !== null ? { actorUserId: actor.id } : {}),
        manifest: { gs1, assets },
        withinTransaction: async (executor, imported) => {
          for (const item of imported.items) {
            if (item.outcome === 'unchanged') continue;
            await this.audit(executor, {
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
      (await Promise.all(report.items.map((item) => this.repository.findAsset(item.assetId)))).map((row) => [
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

  /** Names, keywords, description, custom fields (checked like an import's) and the category. */
  async updateAsset(actor: AdminActor, id: number, change: UpdateAssetRequest): Promise<AdminAsset> {
    const asset = await this.findAsset(id);
    const updates: Updateable<AssetsTable> = {};
    if (change.name) {
      updates.name_de = change.name.de;
      updates.name_en = change.name.en || null;
      updates.name_fr = change.name.fr || null;
    }
    if (change.keywords !== undefined)
      updates.keywords = change.keywords.split(/\s+/).filter(Boolean).join(' ');
    if (change.description !== undefined) updates.description = change.description;
    if (change.customFields) Object.assign(updates, checkCustomFields(asset, change.customFields));
    if (change.container !== undefined && change.container !== asset.container_id) {
      const node = await this.findNode(change.container);
      updates.container_id = node.id;
      updates.root_id = node.root_id;
    }
    const changed = (Object.keys(updates) as (keyof AdminAssetRow)[]).filter(
      (key) => !sameValue(updates[key as keyof typeof updates], asset[key]),
    );
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
    await this.findAsset(id);
    const files = upload?.files ?? [];
    if (files.length !== 1) {
      throw badRequest(ErrorCodes.catalogueUploadInvalid, 'Send exactly one file');
    }
    if (!(mediaType in MEDIA_TYPES)) {
      throw badRequest(ErrorCodes.validation, `${mediaType} is not a media type`, [
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
   */
  async setWithdrawn(actor: AdminActor, id: number, withdraw: boolean): Promise<AdminAsset> {
    const asset = await this.findAsset(id);
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
      await this.queueReindex(repository.db, id);
      return true;
    });
    if (changed) await this.reindex(id);
    return this.asset(id);
  }

  // ---------- helpers ----------

  private async present(rows: AdminAssetRow[]): Promise<AdminAsset[]> {
    const files = await this.repository.fileVersions(rows.map((row) => row.id));
    const sign = await this.deps.tickets.signer();
    return rows.map((row) =>
      presentAdminAsset(
        row,
        files.filter((file) => file.assetId === row.id),
        sign,
      ),
    );
  }

  private async findNode(id: number): Promise<AdminNodeRow> {
    const node = await this.repository.findNode(id);
    if (!node) throw notFound(ErrorCodes.catalogueNodeNotFound, `No category ${id}`);
    return node;
  }

  private async findAsset(id: number): Promise<AdminAssetRow> {
    const asset = await this.repository.findAsset(id);
    if (!asset) throw notFound(ErrorCodes.assetNotFound, `No asset ${id}`);
    return asset;
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

/** PostgreSQL answers bigint columns as text: 4006067084218 and '4006067084218' are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  return (
    a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b))
  );
}

function nodeFields(node: AdminNodeRow): { parentId: number | null; name: NodeNames } {
  return { parentId: node.parent_id, name: { de: node.name_de, en: node.name_en, fr: node.name_fr } };
}

/** Merges the changed custom fields into the asset's and checks them all as an import would. */
function checkCustomFields(
  asset: AdminAssetRow,
  change: NonNullable<UpdateAssetRequest['customFields']>,
): Updateable<AssetsTable> {
  const merged = { ...customFieldsOf(asset), ...change };
  const problems: ImportProblem[] = [];
  const values = readCustomFields(
    'customFields',
    {
      '100': merged[100],
      '101': merged[101],
      '102': merged[102],
      '103': merged[103],
      '104': merged[104],
    },
    (problem) => problems.push(problem),
  );
  if (!values) {
    const fields: FieldError[] = problems.map((problem) => ({ path: problem.field!, code: problem.code }));
    throw badRequest(ErrorCodes.validation, problems.map((problem) => problem.message).join('; '), fields);
  }
  return {
    gtin: values.gtin,
    gtin_number: values.gtin === null ? null : gtinNumber(values.gtin),
    linked_searchable: values.linkedSearchable,
    image_category: values.imageCategory,
    version: values.version,
    variant: values.variant,
  };
}

/** The importer's verdict on a category change, as the admin API answers it. */
function treeRefusal(err: unknown): unknown {
  if (!(err instanceof ImportValidationError)) return err;
  const codes = new Set(err.problems.map((problem) => problem.code));
  if (codes.has(ImportErrorCodes.unknownParent)) {
    return notFound(ErrorCodes.catalogueNodeNotFound, 'The new parent category does not exist');
  }
  if (codes.has(ImportErrorCodes.badRoot)) {
    return conflict(ErrorCodes.catalogueRootFixed, 'A country root cannot be moved');
  }
  if (codes.has(ImportErrorCodes.cycle)) {
    return conflict(ErrorCodes.catalogueCycle, 'A category cannot move into its own branch');
  }
  return err;
}

/** The import names files by their staging path (`{uuid}/name`); the user knows them by name. */
function withFileNames(problem: ImportProblem, files: StagedFile[]): ImportProblem {
  let message = problem.message;
  for (const file of files) message = message.split(file.relativePath).join(file.fileName);
  return { ...problem, message };
}

/** 422 naming each refused file with the reason's translation key (an import.* or media.* code). */
function uploadRefused(problems: ImportProblem[], fileOfRow: (row: string) => string | undefined): AppError {
  const fields: FieldError[] = problems.map((problem) => ({
    path: fileOfRow(problem.row) ?? problem.row,
    code: problem.code,
  }));
  return new AppError(
    422,
    ErrorCodes.catalogueUploadRefused,
    problems.map((problem) => problem.message).join('; '),
    fields,
  );
}
