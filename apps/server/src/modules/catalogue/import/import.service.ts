import fs from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { ImportErrorCodes, type MediaType } from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { BlobStore, StoredBlob } from '../../../platform/storage/blob-store.js';
import type { MediaInfo } from '../../media/media-types.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { ImportRepository, ImportedAssetRow, NodeRow } from './import.repository.js';
import { ImportValidationError } from './import.errors.js';
import type { ManifestNode } from './manifest.js';
import type { ImportPlan, PlannedAsset } from './import-plan.js';
import { planImport } from './import-planner.js';
import { KINDS_OF_MEDIA_TYPE } from './media-type-kinds.js';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  nodes: ImportCounts;
  assets: ImportCounts;
  files: { created: number; newVersions: number; unchanged: number };
  /** What became of each manifest asset row ("assets[0]", "gs1[3]"). */
  items: ImportedItem[];
}

export interface ImportedItem {
  row: string;
  assetId: number;
  /** updated: its fields changed, or one of its files is a new version (or newly added). */
  outcome: 'created' | 'updated' | 'unchanged';
}

export interface ImportOptions {
  /** Recorded as created_by / updated_by of the assets the import writes. */
  actorUserId?: number;
  /** The manifest itself, instead of `DIR/manifest.json` (uploads from the admin screens). */
  manifest?: unknown;
  /** Runs last in the import's transaction, e.g. to write the audit log with the import. */
  withinTransaction?: (executor: Kysely<Database>, report: ImportReport) => Promise<void>;
}

export interface ReplaceFileInput {
  assetId: number;
  mediaType: MediaType;
  /** A file on disk; the caller removes it afterwards. */
  filePath: string;
  /** The name the file is delivered under. */
  fileName: string;
  actorUserId?: number;
  withinTransaction?: (executor: Kysely<Database>, version: number) => Promise<void>;
}

/** What the import needs of the media module: thumbnails and previews are made by jobs. */
export interface RenditionScheduler {
  /** Queues the renditions of a new blob; with `executor` the job is written in that transaction. */
  enqueueRenditions(sha256: string, executor?: Kysely<Database>): Promise<unknown>;
}

export interface ImportServiceDependencies {
  repository: ImportRepository;
  blobs: BlobStore;
  clock: Clock;
  log: FastifyBaseLogger;
  probe: (filePath: string) => Promise<MediaInfo>;
  renditions?: RenditionScheduler;
  /** Read at the end of each import, so the search index may be wired after this service. */
  search?: () => Pick<SearchIndex, 'indexAssets'> | undefined;
  /**
   * Told in the import's transaction of every file that became a new version of a file the asset
   * already had (an import, an upload or a replacement from the admin screens): the takedown loop
   * tells who downloaded the asset. A first file of a media type replaces nothing.
   */
  fileReplaced?: FileReplacedHook;
}

export type FileReplacedHook = (
  executor: Kysely<Database>,
  replaced: { assetId: number; mediaType: MediaType; actorUserId: number | null },
) => Promise<void>;

const ASSET_FIELDS = [
  'container_id',
  'root_id',
  'name_de',
  'name_en',
  'name_fr',
  'keywords',
  'description',
  'gtin',
  'gtin_number',
  'image_category',
  'version',
  'variant',
  'linked_searchable',
] as const;
type AssetFields = Pick<ImportedAssetRow, (typeof ASSET_FIELDS)[number]>;

/**
 * `mediabox import DIR`: validates the whole manifest first (nothing is written when anything is
 * wrong), then stores the files as blobs and writes nodes, assets and files in one transaction.
 * Running it again with the same directory changes nothing; a changed file becomes a new version.
 */
export class ImportService {
  constructor(private readonly deps: ImportServiceDependencies) {}

  /** Throws ImportValidationError (with every problem) when the directory or its manifest is not right. */
  async importDirectory(dir: string, options: ImportOptions = {}): Promise<ImportReport> {
    const { repository } = this.deps;
    const existingNodes = await repository.listNodes();
    const plan = await planImport(
      dir,
      {
        existingNodes,
        sourceKeysOfAssetIds: (ids) => repository.sourceKeysOfAssetIds(ids),
        probe: this.deps.probe,
      },
      options.manifest,
    );

    // Blobs first, outside the transaction: files may be large, and a blob nobody references is harmless.
    const stored = await this.storeBlobs(plan);

    const report: ImportReport = {
      nodes: { created: 0, updated: 0, unchanged: 0 },
      assets: { created: 0, updated: 0, unchanged: 0 },
      files: { created: 0, newVersions: 0, unchanged: 0 },
      items: [],
    };
    const changedAssetIds = new Set<number>();
    const outcomes = new Map<PlannedAsset, ImportedItem['outcome']>();
    const now = this.deps.clock.now();
    await repository.transaction(async (trx, executor) => {
      const movedAssetIds = await this.writeNodes(trx, plan, existingNodes, now, report);
      for (const id of movedAssetIds) changedAssetIds.add(id);
      const existingAssets = await trx.assetsBySourceKey(plan.assets.map((asset) => asset.sourceKey));
      const assetIds = new Map<PlannedAsset, number>();
      let explicitIdInserted = false;
      for (const asset of plan.assets) {
        const fields = assetFields(asset);
        const existing = existingAssets.get(asset.sourceKey);
        if (!existing) {
          const id = await trx.insertAsset({
            ...(asset.id !== undefined ? { id: asset.id } : {}),
            ...fields,
            source_key: asset.sourceKey,
            created_by: options.actorUserId ?? null,
            updated_by: options.actorUserId ?? null,
            created_at: now,
            updated_at: now,
          });
          explicitIdInserted ||= asset.id !== undefined;
          assetIds.set(asset, id);
          outcomes.set(asset, 'created');
          changedAssetIds.add(id);
          report.assets.created += 1;
        } else if (ASSET_FIELDS.some((field) => existing[field] !== fields[field])) {
          await trx.updateAsset(existing.id, {
            ...fields,
            updated_by: options.actorUserId ?? null,
            updated_at: now,
          });
          assetIds.set(asset, existing.id);
          outcomes.set(asset, 'updated');
          changedAssetIds.add(existing.id);
          report.assets.updated += 1;
        } else {
          assetIds.set(asset, existing.id);
          outcomes.set(asset, 'unchanged');
          report.assets.unchanged += 1;
        }
      }
      if (explicitIdInserted) await trx.bumpAssetIdSequence();

      const currentFiles = new Map(
        (await trx.currentFiles([...existingAssets.values()].map((asset) => asset.id))).map((row) => [
          `${row.asset_id}:${row.media_type}`,
          row,
        ]),
      );
      for (const asset of plan.assets) {
        const assetId = assetIds.get(asset)!;
        for (const file of asset.files) {
          const blob = stored.get(file.file.absolutePath)!;
          const current = currentFiles.get(`${assetId}:${file.mediaType}`);
          if (current && current.blob_sha256 === blob.sha256 && current.file_name === file.fileName) {
            report.files.unchanged += 1;
            continue;
          }
          await this.writeFileVersion(trx, executor, {
            assetId,
            mediaType: file.mediaType,
            blob,
            fileName: file.fileName,
            media: file.media,
            version: current ? current.max_version + 1 : 1,
            now,
          });
          if (current) {
            await this.deps.fileReplaced?.(executor, {
              assetId,
              mediaType: file.mediaType,
              actorUserId: options.actorUserId ?? null,
            });
          }
          // Two rows of one manifest may not name the same asset (the planner refuses that), so
          // the map only needs to know about files written in this run for the report to stay exact.
          currentFiles.set(`${assetId}:${file.mediaType}`, {
            asset_id: assetId,
            media_type: file.mediaType,
            blob_sha256: blob.sha256,
            file_name: file.fileName,
            max_version: current ? current.max_version + 1 : 1,
          });
          changedAssetIds.add(assetId);
          if (outcomes.get(asset) === 'unchanged') outcomes.set(asset, 'updated');
          if (current) report.files.newVersions += 1;
          else report.files.created += 1;
        }
      }
      for (const asset of plan.assets) {
        report.items.push({ row: asset.row, assetId: assetIds.get(asset)!, outcome: outcomes.get(asset)! });
      }
      await options.withinTransaction?.(executor, report);
    });

    await this.updateSearchIndex([...changedAssetIds]);
    this.deps.log.info({ dir, report }, 'import finished');
    return report;
  }

  /**
   * Replace a file from the admin screens: the file becomes the next version of that media type of
   * the asset (the earlier versions stay, not current). Checked like an imported file: its content
   * must be readable and fit the media type. Identical bytes under the same name change nothing.
   * Answers the version that is current afterwards.
   */
  async replaceFile(input: ReplaceFileInput): Promise<{ version: number; changed: boolean }> {
    const media = await this.deps.probe(input.filePath);
    if (!KINDS_OF_MEDIA_TYPE[input.mediaType].includes(media.kind)) {
      throw new ImportValidationError([
        {
          row: input.fileName,
          field: 'mediaType',
          code: ImportErrorCodes.wrongFileType,
          message: `${input.fileName} is ${media.mimeType}, which does not fit media type ${input.mediaType}`,
          path: input.fileName,
        },
      ]);
    }
    const size = (await fs.promises.stat(input.filePath)).size;
    const blob = await this.deps.blobs.put(fs.createReadStream(input.filePath), { maxBytes: size });
    const now = this.deps.clock.now();
    const result = await this.deps.repository.transaction(async (trx, executor) => {
      // Locked, so that two replacements at once get two version numbers.
      if (!(await trx.lockAsset(input.assetId))) return undefined;
      const [current] = (await trx.currentFiles([input.assetId])).filter(
        (row) => row.media_type === input.mediaType,
      );
      if (current && current.blob_sha256 === blob.sha256 && current.file_name === input.fileName) {
        return { version: current.max_version, changed: false };
      }
      const version = (await trx.maxFileVersion(input.assetId, input.mediaType)) + 1;
      await this.writeFileVersion(trx, executor, {
        assetId: input.assetId,
        mediaType: input.mediaType,
        blob,
        fileName: input.fileName,
        media,
        version,
        now,
      });
      if (version > 1) {
        await this.deps.fileReplaced?.(executor, {
          assetId: input.assetId,
          mediaType: input.mediaType,
          actorUserId: input.actorUserId ?? null,
        });
      }
      await trx.updateAsset(input.assetId, { updated_by: input.actorUserId ?? null, updated_at: now });
      await input.withinTransaction?.(executor, version);
      return { version, changed: true };
    });
    if (!result) throw new ImportValidationError([assetGone(input)]);
    if (result.changed) await this.updateSearchIndex([input.assetId]);
    return result;
  }

  /** Stores a file row as the current version; a new blob gets its rendition job in the same transaction. */
  private async writeFileVersion(
    trx: ImportRepository,
    executor: Kysely<Database>,
    file: {
      assetId: number;
      mediaType: MediaType;
      blob: StoredBlob;
      fileName: string;
      media: MediaInfo;
      version: number;
      now: number;
    },
  ): Promise<void> {
    const { blob, media } = file;
    const isNewBlob = await trx.insertBlobIfMissing({
      sha256: blob.sha256,
      size: blob.size,
      crc32: blob.crc32,
      mime_type: media.mimeType,
      created_at: file.now,
    });
    // Renditions are keyed by the source blob: known bytes have theirs (or their job) already.
    if (isNewBlob) await this.deps.renditions?.enqueueRenditions(blob.sha256, executor);
    await trx.retireCurrentFile(file.assetId, file.mediaType);
    await trx.insertFile({
      asset_id: file.assetId,
      media_type: file.mediaType,
      blob_sha256: blob.sha256,
      file_name: file.fileName,
      mime_type: media.mimeType,
      width: media.width,
      height: media.height,
      dpi_x: media.dpiX,
      colorspace: media.colorspace,
      page_count: media.pageCount,
      bit_depth: media.bitDepth ?? null,
      has_alpha: media.hasAlpha ? 1 : 0,
      transparent: media.transparent === undefined ? null : media.transparent ? 1 : 0,
      version: file.version,
      is_current: 1,
      created_at: file.now,
    });
  }

  /**
   * Categories only (the admin screens): the same checks and writes as a manifest's `nodes`, with
   * the move of a branch's assets to another country. There are no files, so no directory is read.
   */
  importNodes(nodes: ManifestNode[], options: Omit<ImportOptions, 'manifest'> = {}): Promise<ImportReport> {
    return this.importDirectory(os.tmpdir(), { ...options, manifest: { nodes } });
  }

  private async storeBlobs(plan: ImportPlan): Promise<Map<string, StoredBlob>> {
    const stored = new Map<string, StoredBlob>();
    for (const asset of plan.assets) {
      for (const { file } of asset.files) {
        if (stored.has(file.absolutePath)) continue;
        // The probe saw these bytes: a file that grows meanwhile is stopped rather than stored unchecked.
        const blob = await this.deps.blobs.put(fs.createReadStream(file.absolutePath), {
          maxBytes: file.size,
        });
        if (blob.size !== file.size) {
          throw new Error(`${file.relativePath} changed while it was imported; run the import again`);
        }
        stored.set(file.absolutePath, blob);
      }
    }
    return stored;
  }

  private async writeNodes(
    trx: ImportRepository,
    plan: ImportPlan,
    existingNodes: NodeRow[],
    now: number,
    report: ImportReport,
  ): Promise<number[]> {
    const existing = new Map(existingNodes.map((node) => [node.id, node]));
    const inManifest = new Set<number>();
    const rootChanged: number[] = [];
    for (const node of plan.nodes) {
      inManifest.add(node.id);
      const row = {
        parent_id: node.parentId,
        root_id: node.rootId,
        name_de: node.name.de,
        name_en: node.name.en,
        name_fr: node.name.fr,
      };
      const before = existing.get(node.id);
      if (!before) {
        await trx.insertNode({ id: node.id, ...row, created_at: now, updated_at: now });
        report.nodes.created += 1;
      } else if ((Object.keys(row) as (keyof typeof row)[]).some((key) => before[key] !== row[key])) {
        await trx.updateNode(node.id, { ...row, updated_at: now });
        if (before.root_id !== row.root_id) rootChanged.push(node.id);
        report.nodes.updated += 1;
      } else {
        report.nodes.unchanged += 1;
      }
    }
    // A node moved to another country takes its whole branch along.
    for (const node of existingNodes) {
      const root = plan.rootOfNode.get(node.id);
      if (inManifest.has(node.id) || root === undefined || root === node.root_id) continue;
      await trx.updateNode(node.id, { root_id: root, updated_at: now });
      rootChanged.push(node.id);
    }
    // Their assets follow; the ids go to the search index, which filters by root.
    return rootChanged.length > 0 ? trx.refreshAssetRoots(rootChanged) : [];
  }

  private async updateSearchIndex(assetIds: number[]): Promise<void> {
    const search = this.deps.search?.();
    if (!search || assetIds.length === 0) return;
    try {
      await search.indexAssets(assetIds);
    } catch (err) {
      this.deps.log.error({ err, assets: assetIds.length }, 'imported assets could not be indexed');
      throw new Error(
        'The import was saved, but the search index could not be updated: rebuild the search index',
        { cause: err },
      );
    }
  }
}

function assetGone(input: ReplaceFileInput) {
  return {
    row: input.fileName,
    code: ImportErrorCodes.unknownAsset,
    message: `Asset ${input.assetId} does not exist`,
  };
}

function assetFields(asset: PlannedAsset): AssetFields {
  return {
    container_id: asset.containerId,
    root_id: asset.rootId,
    name_de: asset.name.de,
    name_en: asset.name.en,
    name_fr: asset.name.fr,
    keywords: asset.keywords,
    description: asset.description,
    gtin: asset.gtin,
    gtin_number: asset.gtinNumber,
    image_category: asset.imageCategory,
    version: asset.version,
    variant: asset.variant,
    linked_searchable: asset.linkedSearchable,
  };
}
