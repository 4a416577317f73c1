import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/schema.js';
import type { BlobStore, StoredBlob } from '../../../platform/storage/blob-store.js';
import type { MediaInfo } from '../../media/media-types.js';
import type { SearchIndex } from '../../search/search-index.js';
import type { ImportRepository, ImportedAssetRow, NodeRow } from './import.repository.js';
import { validateImportDirectory, type ImportPlan, type PlannedAsset } from './import.validator.js';

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  nodes: ImportCounts;
  assets: ImportCounts;
  files: { created: number; newVersions: number; unchanged: number };
}

export interface ImportOptions {
  /** Recorded as created_by / updated_by of the assets the import writes. */
  actorUserId?: number;
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
}

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
    const plan = await validateImportDirectory(dir, {
      existingNodes,
      sourceKeysOfAssetIds: (ids) => repository.sourceKeysOfAssetIds(ids),
      probe: this.deps.probe,
    });

    // Blobs first, outside the transaction: files may be large, and a blob nobody references is harmless.
    const stored = await this.storeBlobs(plan);

    const report: ImportReport = {
      nodes: { created: 0, updated: 0, unchanged: 0 },
      assets: { created: 0, updated: 0, unchanged: 0 },
      files: { created: 0, newVersions: 0, unchanged: 0 },
    };
    const changedAssetIds = new Set<number>();
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
          changedAssetIds.add(id);
          report.assets.created += 1;
        } else if (ASSET_FIELDS.some((field) => existing[field] !== fields[field])) {
          await trx.updateAsset(existing.id, {
            ...fields,
            updated_by: options.actorUserId ?? null,
            updated_at: now,
          });
          assetIds.set(asset, existing.id);
          changedAssetIds.add(existing.id);
          report.assets.updated += 1;
        } else {
          assetIds.set(asset, existing.id);
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
          const isNewBlob = await trx.insertBlobIfMissing({
            sha256: blob.sha256,
            size: blob.size,
            crc32: blob.crc32,
            mime_type: file.media.mimeType,
            created_at: now,
          });
          // Renditions are keyed by the source blob: known bytes have theirs (or their job) already.
          if (isNewBlob) await this.deps.renditions?.enqueueRenditions(blob.sha256, executor);
          if (current) await trx.retireCurrentFile(assetId, file.mediaType);
          await trx.insertFile({
            asset_id: assetId,
            media_type: file.mediaType,
            blob_sha256: blob.sha256,
            file_name: file.fileName,
            mime_type: file.media.mimeType,
            width: file.media.width,
            height: file.media.height,
            dpi_x: file.media.dpiX,
            colorspace: file.media.colorspace,
            page_count: file.media.pageCount,
            version: current ? current.max_version + 1 : 1,
            is_current: 1,
            created_at: now,
          });
          // Two rows of one manifest may not name the same asset (the validator refuses that), so
          // the map only needs to know about files written in this run for the report to stay exact.
          currentFiles.set(`${assetId}:${file.mediaType}`, {
            asset_id: assetId,
            media_type: file.mediaType,
            blob_sha256: blob.sha256,
            file_name: file.fileName,
            max_version: current ? current.max_version + 1 : 1,
          });
          changedAssetIds.add(assetId);
          if (current) report.files.newVersions += 1;
          else report.files.created += 1;
        }
      }
    });

    await this.updateSearchIndex([...changedAssetIds]);
    this.deps.log.info({ dir, report }, 'import finished');
    return report;
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
