import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { AssetsTable, Database, NodesTable } from '../../platform/db/schema.js';
import type { TreeLink } from './subtree-totals.js';

export type NodeRow = Selectable<NodesTable>;
export type AssetRow = Selectable<AssetsTable>;

/** The columns of an asset that its answer shows (asset-presenter.ts). */
const PRESENTED_ASSET_COLUMNS = [
  'id',
  'container_id',
  'root_id',
  'name_de',
  'name_en',
  'name_fr',
  'gtin',
  'image_category',
  'version',
  'variant',
  'linked_searchable',
  'removal_requested_at',
  'created_by',
  'updated_by',
  'created_at',
] as const;
export type PresentedAssetRow = Pick<AssetRow, (typeof PRESENTED_ASSET_COLUMNS)[number]>;

/** A visible asset with its current files, ordered by media type (at least one: that is what visible means). */
export interface AssetWithFiles {
  row: PresentedAssetRow;
  files: FileRow[];
}

/** A current file of an asset with the size of its blob. */
export interface FileRow {
  id: number;
  assetId: number;
  mediaType: number;
  blobSha256: string;
  fileName: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  dpiX: number | null;
  colorspace: string | null;
  pageCount: number | null;
  size: number;
  /** Migration 0018: null on rows written before it. */
  bitDepth: number | null;
  hasAlpha: boolean | null;
  transparent: boolean | null;
}

/** A file's own columns (`asset_files as f` joined with `blobs as b`), without its ids. */
const FILE_DETAIL_COLUMNS = [
  'f.media_type',
  'f.blob_sha256',
  'f.file_name',
  'f.mime_type',
  'f.width',
  'f.height',
  'f.dpi_x',
  'f.colorspace',
  'f.page_count',
  'f.bit_depth',
  'f.has_alpha',
  'f.transparent',
  'b.size',
] as const;

/** The columns of `asset_files as f` joined with `blobs as b` that make a FileRow. */
export const FILE_COLUMNS = ['f.id', 'f.asset_id', ...FILE_DETAIL_COLUMNS] as const;

export function toFileRow(row: {
  id: number;
  asset_id: number;
  media_type: number;
  blob_sha256: string;
  file_name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  dpi_x: number | string | null;
  colorspace: string | null;
  page_count: number | null;
  size: number | string;
  bit_depth: number | null;
  has_alpha: number | null;
  transparent: number | null;
}): FileRow {
  return {
    id: row.id,
    assetId: row.asset_id,
    mediaType: row.media_type,
    blobSha256: row.blob_sha256,
    fileName: row.file_name,
    mimeType: row.mime_type,
    width: row.width,
    height: row.height,
    // PostgreSQL answers numeric and bigint columns as text.
    dpiX: row.dpi_x === null ? null : Number(row.dpi_x),
    colorspace: row.colorspace,
    pageCount: row.page_count,
    size: Number(row.size),
    bitDepth: row.bit_depth,
    hasAlpha: row.has_alpha === null ? null : row.has_alpha === 1,
    transparent: row.transparent === null ? null : row.transparent === 1,
  };
}

/** What file delivery needs to know about one file of a visible asset. */
export interface DeliverableFile {
  fileId: number;
  assetId: number;
  mediaType: number;
  blobSha256: string;
  fileName: string;
  mimeType: string;
  /** Pages of a PDF (null for pictures): the page strip's tickets stop there (issue 22.6). */
  pageCount: number | null;
  size: number;
}

export interface StoredRendition {
  blobSha256: string;
  size: number;
}

export interface UserNameRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
}

/** Catalogue trees are a few levels deep; the bound only stops a corrupt parent cycle. */
const MAX_DEPTH = 64;

type AssetScope = ExpressionBuilder<Database, 'assets'>;

/**
 * Visible = not withdrawn and with at least one current file: an asset without a file has nothing
 * to show, download or count. The files index (asset_id, media_type, is_current) answers the test.
 */
function visible(eb: AssetScope) {
  return eb.and([
    eb('assets.withdrawn_at', 'is', null),
    eb.exists(
      eb
        .selectFrom('asset_files')
        .select(sql.lit(1).as('one'))
        .whereRef('asset_files.asset_id', '=', 'assets.id')
        .where('asset_files.is_current', '=', 1),
    ),
  ]);
}

/**
 * Asset rows with their current files, a row per file: the query behind every asset answer, compiled
 * once per number of ids (prepared-query.ts) rather than on every call.
 */
const prepareAssetsWithFiles = (db: Kysely<Database>) =>
  preparedQuery(db, (ids: number[]) =>
    db
      .selectFrom('assets as a')
      .innerJoin('asset_files as f', 'f.asset_id', 'a.id')
      .innerJoin('blobs as b', 'b.sha256', 'f.blob_sha256')
      .select(PRESENTED_ASSET_COLUMNS.map((column) => `a.${column}` as const))
      // The asset's id is `id`: the file's goes by another name.
      .select(['f.id as file_id', ...FILE_DETAIL_COLUMNS])
      .where('a.id', 'in', ids)
      .where('a.withdrawn_at', 'is', null)
      .where('f.is_current', '=', 1)
      .orderBy('f.media_type')
      .orderBy('f.id'),
  );

/** The only place with catalogue SQL (nodes, assets, files, renditions) outside the import. */
export class CatalogueRepository {
  private readonly assetsWithFilesQuery: ReturnType<typeof prepareAssetsWithFiles>;

  constructor(readonly db: Kysely<Database>) {
    this.assetsWithFilesQuery = prepareAssetsWithFiles(db);
  }

  // ---------- nodes ----------

  findNode(id: number): Promise<NodeRow | undefined> {
    return this.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findNodes(ids: number[]): Promise<NodeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('nodes').selectAll().where('id', 'in', ids).execute();
  }

  childrenOf(parentId: number): Promise<NodeRow[]> {
    return this.db.selectFrom('nodes').selectAll().where('parent_id', '=', parentId).execute();
  }

  /** The node and its ancestors, root first. */
  async pathTo(id: number): Promise<NodeRow[]> {
    const result = await sql<NodeRow & { depth: number }>`
      with recursive path(id, parent_id, depth) as (
        select id, parent_id, 0 from nodes where id = ${id}
        union all
        select n.id, n.parent_id, path.depth + 1 from nodes n join path on n.id = path.parent_id
        where path.depth < ${MAX_DEPTH}
      )
      select nodes.*, path.depth from path join nodes on nodes.id = path.id order by path.depth desc
    `.execute(this.db);
    return result.rows.map(({ depth: _depth, ...row }) => row);
  }

  /** Which of these nodes have children. */
  async parentsAmong(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('nodes')
      .select('parent_id')
      .distinct()
      .where('parent_id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => row.parent_id).filter((id): id is number => id !== null));
  }

  /** Visible assets directly in each of these nodes. */
  async assetCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('assets')
      .select(['container_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('container_id', 'in', ids)
      .where(visible)
      .groupBy('container_id')
      .execute();
    return new Map(rows.map((row) => [row.container_id, Number(row.count)]));
  }

  /** Every node's place in the tree (ids and parents only): what subtree sums need. */
  async treeLinks(): Promise<TreeLink[]> {
    const rows = await this.db.selectFrom('nodes').select(['id', 'parent_id']).execute();
    return rows.map((row) => ({ id: row.id, parentId: row.parent_id }));
  }

  /**
   * Visible assets directly in each node, for the whole catalogue: one grouped pass over the assets.
   * Costly at a million assets (a scan), so only SubtreeAssetCounts calls it, and not per request.
   */
  async visibleAssetCountsByNode(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('assets')
      .select(['container_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where(visible)
      .groupBy('container_id')
      .execute();
    return new Map(rows.map((row) => [row.container_id, Number(row.count)]));
  }

  /**
   * For each node, the newest visible asset at or below it that has a thumbnail. One probe of the
   * (container_id, id) index per node of the subtree, newest first, instead of scanning its assets:
   * the root of a country with a million assets costs as many probes as it has categories.
   */
  async newestAssetWithThumbBelow(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const result = await sql<{ top_id: number; asset_id: number | null }>`
      with recursive sub(top_id, node_id, depth) as (
        select id, id, 0 from nodes where id in (${sql.join(ids)})
        union all
        select sub.top_id, n.id, sub.depth + 1 from nodes n join sub on n.parent_id = sub.node_id
        where sub.depth < ${MAX_DEPTH}
      ),
      newest(top_id, asset_id) as (
        select sub.top_id, (
          select a.id from assets a
          where a.container_id = sub.node_id and a.withdrawn_at is null and exists (
            select 1 from asset_files f
            join renditions r on r.source_sha256 = f.blob_sha256 and r.kind = 'thumb'
            where f.asset_id = a.id and f.is_current = 1
          )
          order by a.id desc limit 1
        ) from sub
      )
      select top_id, max(asset_id) as asset_id from newest group by top_id
    `.execute(this.db);
    const found = new Map<number, number>();
    for (const row of result.rows) {
      if (row.asset_id !== null) found.set(Number(row.top_id), Number(row.asset_id));
    }
    return found;
  }

  // ---------- assets ----------

  /** Ids of the visible assets directly in a container, newest first, and how many there are. */
  async assetIdsIn(
    containerId: number,
    page: { offset: number; limit: number },
  ): Promise<{ ids: number[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('assets')
        .select('id')
        .where('container_id', '=', containerId)
        .where(visible)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('container_id', '=', containerId)
        .where(visible)
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.id), total: Number(count.count) };
  }

  /** Visible assets among these ids, in no particular order. */
  /** Which of these ids are assets at all (withdrawn ones included). */
  async existingAssetIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('assets').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  visibleAssets(ids: number[]): Promise<AssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('assets').selectAll().where('id', 'in', ids).where(visible).execute();
  }

  /**
   * The visible assets among these ids with their current files, in no particular order: one query
   * (a row per current file) instead of assets and then files, and only the columns an answer shows.
   * The join on current files is the visibility test's second half.
   */
  async visibleAssetsWithFiles(ids: number[]): Promise<AssetWithFiles[]> {
    if (ids.length === 0) return [];
    const rows = await this.assetsWithFilesQuery(ids);
    const assets = new Map<number, AssetWithFiles>();
    for (const row of rows) {
      const file = toFileRow({ ...row, id: row.file_id, asset_id: row.id });
      const asset = assets.get(row.id);
      // The joined row carries the file's columns too; the presenter reads only the asset's.
      if (asset) asset.files.push(file);
      else assets.set(row.id, { row, files: [file] });
    }
    return [...assets.values()];
  }

  /** The current files of these assets, in one query, ordered by media type. */
  async currentFiles(assetIds: number[]): Promise<FileRow[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('asset_files as f')
      .innerJoin('blobs as b', 'b.sha256', 'f.blob_sha256')
      .select(FILE_COLUMNS)
      .where('f.asset_id', 'in', assetIds)
      .where('f.is_current', '=', 1)
      .orderBy('f.media_type')
      .orderBy('f.id')
      .execute();
    return rows.map(toFileRow);
  }

  usersByIds(ids: number[]): Promise<UserNameRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'firstname', 'lastname'])
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * Records a removal request unless one is recorded already (the first requester stays).
   * Answers false when the asset is not visible.
   */
  async requestRemoval(input: {
    assetId: number;
    userId: number;
    reason: string;
    at: number;
  }): Promise<boolean> {
    await this.db
      .updateTable('assets')
      .set({
        removal_requested_at: input.at,
        removal_requested_by: input.userId,
        removal_reason: input.reason,
      })
      .where('id', '=', input.assetId)
      .where('removal_requested_at', 'is', null)
      .where(visible)
      .execute();
    const row = await this.db
      .selectFrom('assets')
      .select('id')
      .where('id', '=', input.assetId)
      .where(visible)
      .executeTakeFirst();
    return row !== undefined;
  }

  // ---------- files ----------

  /** A current file of a non-withdrawn asset, with its blob size; undefined otherwise. */
  async deliverableFile(fileId: number): Promise<DeliverableFile | undefined> {
    const row = await this.db
      .selectFrom('asset_files as f')
      .innerJoin('assets as a', 'a.id', 'f.asset_id')
      .innerJoin('blobs as b', 'b.sha256', 'f.blob_sha256')
      .select([
        'f.id',
        'f.asset_id',
        'f.media_type',
        'f.blob_sha256',
        'f.file_name',
        'f.mime_type',
        'f.page_count',
        'b.size',
      ])
      .where('f.id', '=', fileId)
      .where('f.is_current', '=', 1)
      .where('a.withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row
      ? {
          fileId: row.id,
          assetId: row.asset_id,
          mediaType: row.media_type,
          blobSha256: row.blob_sha256,
          fileName: row.file_name,
          mimeType: row.mime_type,
          pageCount: row.page_count,
          size: Number(row.size),
        }
      : undefined;
  }

  async rendition(
    sourceSha256: string,
    kind: 'thumb' | 'preview' | 'zoom' | `page${number}`,
  ): Promise<StoredRendition | undefined> {
    const row = await this.db
      .selectFrom('renditions as r')
      .innerJoin('blobs as b', 'b.sha256', 'r.blob_sha256')
      .select(['r.blob_sha256', 'b.size'])
      .where('r.source_sha256', '=', sourceSha256)
      .where('r.kind', '=', kind)
      .executeTakeFirst();
    return row ? { blobSha256: row.blob_sha256, size: Number(row.size) } : undefined;
  }

  /**
   * The current main (1100) file of the newest visible asset with this GTIN, image category, version
   * and variant (version and variant count as 1 when unset, as the links are written).
   */
  async gs1MainFile(input: {
    /** The numeric GTIN: 8, 12, 13 and 14-digit spellings of one product compare equal. */
    gtinNumber: number;
    category: number;
    version: number;
    variant: number;
  }): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('assets')
      .innerJoin('asset_files as f', 'f.asset_id', 'assets.id')
      .select('f.id')
      .where('assets.gtin_number', '=', input.gtinNumber)
      .where('assets.image_category', '=', input.category)
      .where((eb) => eb(eb.fn.coalesce('assets.version', sql.lit(1)), '=', input.version))
      .where((eb) => eb(eb.fn.coalesce('assets.variant', sql.lit(1)), '=', input.variant))
      .where('assets.withdrawn_at', 'is', null)
      .where('f.media_type', '=', 1100)
      .where('f.is_current', '=', 1)
      .orderBy('assets.id', 'desc')
      .orderBy('f.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }
}
