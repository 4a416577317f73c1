import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AssetsTable, Database, NodesTable } from '../../../platform/db/schema.js';
import { FILE_COLUMNS, toFileRow, type FileRow } from '../../catalogue/catalogue.repository.js';
import { subtreeTotals } from '../../catalogue/subtree-totals.js';
import type { Page } from '../admin.repository.js';

export type AdminNodeRow = Selectable<NodesTable>;
export type AdminAssetRow = Selectable<AssetsTable>;

export interface TreeNodeRow extends AdminNodeRow {
  asset_count: number;
  /** asset_count of the node and all its descendants. */
  total_asset_count: number;
  withdrawn_count: number;
}

/** Every stored version of a file, with its blob size. */
export interface FileVersionRow extends FileRow {
  version: number;
  current: boolean;
  createdAt: number;
}

/**
 * SQL of the catalogue administration. Writes that the import also does (nodes, files) go through
 * the ImportService; this repository reads for the admin screens and edits asset rows.
 */
export class CatalogueAdminRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (repository: CatalogueAdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CatalogueAdminRepository(trx)));
  }

  /**
   * The whole tree with asset counts: one grouped scan of the assets by container, summed up the
   * tree in memory for each node's total.
   */
  async tree(): Promise<TreeNodeRow[]> {
    const [nodes, counts] = await Promise.all([
      this.db.selectFrom('nodes').selectAll().orderBy('id').execute(),
      this.db
        .selectFrom('assets')
        .select((eb) => [
          'container_id',
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.count<number | string>('withdrawn_at').as('withdrawn'),
        ])
        .groupBy('container_id')
        .execute(),
    ]);
    const byContainer = new Map(counts.map((row) => [row.container_id, row]));
    const direct = new Map(
      counts.map((row) => [row.container_id, Number(row.total) - Number(row.withdrawn)] as const),
    );
    const totals = subtreeTotals(
      nodes.map((node) => ({ id: node.id, parentId: node.parent_id })),
      direct,
    );
    return nodes.map((node) => {
      const count = byContainer.get(node.id);
      const withdrawn = Number(count?.withdrawn ?? 0);
      return {
        ...node,
        asset_count: Number(count?.total ?? 0) - withdrawn,
        total_asset_count: totals.get(node.id) ?? 0,
        withdrawn_count: withdrawn,
      };
    });
  }

  findNode(id: number): Promise<AdminNodeRow | undefined> {
    return this.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async nextNodeId(): Promise<number> {
    const row = await this.db
      .selectFrom('nodes')
      .select((eb) => eb.fn.max('id').as('max_id'))
      .executeTakeFirst();
    return Number(row?.max_id ?? 0) + 1;
  }

  /** Whether anything is in the node: sub-categories or assets (withdrawn ones too: they keep history). */
  async isNodeEmpty(id: number): Promise<boolean> {
    const [child, asset] = await Promise.all([
      this.db.selectFrom('nodes').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
      this.db.selectFrom('assets').select('id').where('container_id', '=', id).limit(1).executeTakeFirst(),
    ]);
    return child === undefined && asset === undefined;
  }

  async deleteNode(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('nodes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  findAsset(id: number): Promise<AdminAssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Assets directly in a node, withdrawn included, newest first. */
  async assetsOfContainer(
    containerId: number,
    page: Page,
  ): Promise<{ rows: AdminAssetRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('assets')
        .selectAll()
        .where('container_id', '=', containerId)
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('container_id', '=', containerId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /** Every file version of these assets, current ones first, then newest first. */
  async fileVersions(assetIds: number[]): Promise<FileVersionRow[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('asset_files as f')
      .innerJoin('blobs as b', 'b.sha256', 'f.blob_sha256')
      .select([...FILE_COLUMNS, 'f.version', 'f.is_current', 'f.created_at'])
      .where('f.asset_id', 'in', assetIds)
      .orderBy('f.media_type')
      .orderBy('f.version', 'desc')
      .execute();
    return rows.map((row) => ({
      ...toFileRow(row),
      version: row.version,
      current: row.is_current === 1,
      createdAt: Number(row.created_at),
    }));
  }

  async updateAsset(id: number, changes: Updateable<AssetsTable>): Promise<void> {
    await this.db.updateTable('assets').set(changes).where('id', '=', id).execute();
  }

  /**
   * Compare-and-set: true when this call withdrew (or restored) the asset. A withdrawal keeps a
   * pending removal request's fields (who asked and why, as a confirmed request does); a restored
   * asset starts without one, or it would be back in the list of requests to decide.
   */
  async setWithdrawn(id: number, withdraw: boolean, now: number, actorId: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('assets')
      .set({
        withdrawn_at: withdraw ? now : null,
        ...(withdraw ? {} : { removal_requested_at: null, removal_requested_by: null, removal_reason: null }),
        updated_by: actorId,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('withdrawn_at', withdraw ? 'is' : 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
