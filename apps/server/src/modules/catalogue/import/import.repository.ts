import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DialectName } from '../../../platform/db/database.js';
import type {
  AssetFilesTable,
  AssetsTable,
  BlobsTable,
  Database,
  NodesTable,
} from '../../../platform/db/schema.js';

export type NodeRow = Selectable<NodesTable>;
export type ImportedAssetRow = Pick<
  Selectable<AssetsTable>,
  | 'id'
  | 'source_key'
  | 'container_id'
  | 'root_id'
  | 'name_de'
  | 'name_en'
  | 'name_fr'
  | 'keywords'
  | 'description'
  | 'gtin'
  | 'gtin_number'
  | 'image_category'
  | 'version'
  | 'variant'
  | 'linked_searchable'
>;
export interface CurrentFileRow {
  asset_id: number;
  media_type: number;
  blob_sha256: string;
  file_name: string;
  /** The highest version of this asset and media type, current or not. */
  max_version: number;
}

/** Lists in `in (…)` stay well below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/** The only place with SQL for manifest imports: reads for the plan, writes inside one transaction. */
export class ImportRepository {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  transaction<T>(work: (repository: ImportRepository, executor: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ImportRepository(trx, this.dialect), trx));
  }

  listNodes(): Promise<NodeRow[]> {
    return this.db.selectFrom('nodes').selectAll().execute();
  }

  async sourceKeysOfAssetIds(ids: number[]): Promise<Map<number, string | null>> {
    const result = new Map<number, string | null>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('assets')
        .select(['id', 'source_key'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) result.set(row.id, row.source_key);
    }
    return result;
  }

  async assetsBySourceKey(keys: string[]): Promise<Map<string, ImportedAssetRow>> {
    const result = new Map<string, ImportedAssetRow>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await this.db
        .selectFrom('assets')
        .select([
          'id',
          'source_key',
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
        ])
        .where('source_key', 'in', part)
        .execute();
      for (const row of rows) result.set(row.source_key!, row);
    }
    return result;
  }

  /** The current file of each (asset, media type), with the highest version number used so far. */
  async currentFiles(assetIds: number[]): Promise<CurrentFileRow[]> {
    const result: CurrentFileRow[] = [];
    for (const part of chunks([...new Set(assetIds)])) {
      const rows = await this.db
        .selectFrom('asset_files as current')
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('asset_files')
              .select(['asset_id', 'media_type', (inner) => inner.fn.max('version').as('max_version')])
              .where('asset_id', 'in', part)
              .groupBy(['asset_id', 'media_type'])
              .as('versions'),
          (join) =>
            join
              .onRef('versions.asset_id', '=', 'current.asset_id')
              .onRef('versions.media_type', '=', 'current.media_type'),
        )
        .select([
          'current.asset_id',
          'current.media_type',
          'current.blob_sha256',
          'current.file_name',
          'versions.max_version',
        ])
        .where('current.asset_id', 'in', part)
        .where('current.is_current', '=', 1)
        .execute();
      result.push(...rows.map((row) => ({ ...row, max_version: Number(row.max_version) })));
    }
    return result;
  }

  /** The highest file version of this asset and media type (current or not), 0 without any. */
  async maxFileVersion(assetId: number, mediaType: number): Promise<number> {
    const row = await this.db
      .selectFrom('asset_files')
      .select((eb) => eb.fn.max('version').as('max_version'))
      .where('asset_id', '=', assetId)
      .where('media_type', '=', mediaType)
      .executeTakeFirst();
    return Number(row?.max_version ?? 0);
  }

  /**
   * In a transaction: whether the asset exists, holding its row until the commit on PostgreSQL
   * (SQLite runs one writer at a time anyway).
   */
  async lockAsset(assetId: number): Promise<boolean> {
    let query = this.db.selectFrom('assets').select('id').where('id', '=', assetId);
    if (this.dialect === 'postgres') query = query.forUpdate();
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertNode(row: Insertable<NodesTable>): Promise<void> {
    await this.db.insertInto('nodes').values(row).execute();
  }

  async updateNode(id: number, changes: Updateable<NodesTable>): Promise<void> {
    await this.db.updateTable('nodes').set(changes).where('id', '=', id).execute();
  }

  /**
   * Keeps assets.root_id in step with their container after nodes moved to another root; answers
   * the ids of the assets concerned (the search index filters by root).
   */
  async refreshAssetRoots(containerIds: number[]): Promise<number[]> {
    const moved: number[] = [];
    for (const part of chunks(containerIds)) {
      const rows = await this.db
        .selectFrom('assets')
        .select('id')
        .where('container_id', 'in', part)
        .execute();
      moved.push(...rows.map((row) => row.id));
      await this.db
        .updateTable('assets')
        .set((eb) => ({
          root_id: eb
            .selectFrom('nodes')
            .select('nodes.root_id')
            .whereRef('nodes.id', '=', 'assets.container_id'),
        }))
        .where('container_id', 'in', part)
        .execute();
    }
    return moved;
  }

  async insertAsset(row: Insertable<AssetsTable>): Promise<number> {
    const inserted = await this.db.insertInto('assets').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async updateAsset(id: number, changes: Updateable<AssetsTable>): Promise<void> {
    await this.db.updateTable('assets').set(changes).where('id', '=', id).execute();
  }

  /** After assets were inserted with explicit ids, PostgreSQL's serial must move past them (SQLite does that itself). */
  async bumpAssetIdSequence(): Promise<void> {
    if (this.dialect !== 'postgres') return;
    await sql`select setval(pg_get_serial_sequence('assets', 'id'), (select max(id) from assets))`.execute(
      this.db,
    );
  }

  /** True when the row is new; the same bytes may already be known from an earlier import or upload. */
  async insertBlobIfMissing(row: Insertable<BlobsTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('blobs')
      .values(row)
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .returning('sha256')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async retireCurrentFile(assetId: number, mediaType: number): Promise<void> {
    await this.db
      .updateTable('asset_files')
      .set({ is_current: 0 })
      .where('asset_id', '=', assetId)
      .where('media_type', '=', mediaType)
      .where('is_current', '=', 1)
      .execute();
  }

  async insertFile(row: Insertable<AssetFilesTable>): Promise<void> {
    await this.db.insertInto('asset_files').values(row).execute();
  }
}
