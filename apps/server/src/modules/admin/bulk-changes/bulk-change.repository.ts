import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  AssetsTable,
  BulkChangeItemsTable,
  BulkChangesTable,
  Database,
} from '../../../platform/db/schema.js';
import type { AdminAssetRow, AdminNodeRow } from '../catalogue/catalogue-admin.repository.js';

export type BulkChangeRow = Selectable<BulkChangesTable>;
export type BulkChangeItemRow = Selectable<BulkChangeItemsTable>;

/** Skipped assets of one reason: how many, and the first ids. */
export interface SkipCount {
  reason: string;
  count: number;
  assetIds: number[];
}

/** An item's `undone`: not yet; put back; or left as an edit made after the change left it. */
export const NOT_UNDONE = 0;
export const UNDONE = 1;
export const KEPT_LATER_EDIT = 2;

export interface BulkChangeCounts {
  changed: number;
  undone: number;
  keptLaterEdits: number;
  skipped: SkipCount[];
}

/** The ids shown per skip reason; the count says how many there are in all. */
const SKIPPED_IDS_SHOWN = 100;

/** SQL of bulk changes: their rows and items, and the asset rows they read and write. */
export class BulkChangeRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (repository: BulkChangeRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BulkChangeRepository(trx)));
  }

  async create(row: Insertable<BulkChangesTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('bulk_changes')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  find(id: number): Promise<BulkChangeRow | undefined> {
    return this.db.selectFrom('bulk_changes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest bulk change of a user: the only one they may undo. */
  lastOf(actorId: number): Promise<BulkChangeRow | undefined> {
    return this.db
      .selectFrom('bulk_changes')
      .selectAll()
      .where('actor_id', '=', actorId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async update(id: number, changes: Updateable<BulkChangesTable>): Promise<void> {
    await this.db.updateTable('bulk_changes').set(changes).where('id', '=', id).execute();
  }

  /**
   * Moves the state on only from the expected one (compare-and-set): two undo calls at once, or a
   * job run twice, cannot both win.
   */
  async moveState(id: number, from: string, changes: Updateable<BulkChangesTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('bulk_changes')
      .set(changes)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Advances the progress only from the expected count (compare-and-set): a batch is applied once. */
  async moveProgress(id: number, fromDone: number, changes: Updateable<BulkChangesTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('bulk_changes')
      .set(changes)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('done', '=', fromDone)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findNode(id: number): Promise<AdminNodeRow | undefined> {
    return this.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these ids are assets (any number of ids: read in chunks under the parameter limits). */
  async existingAssetIds(ids: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await this.db
        .selectFrom('assets')
        .select('id')
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
      for (const row of rows) found.add(Number(row.id));
    }
    return found;
  }

  assets(ids: readonly number[]): Promise<AdminAssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
  }

  async updateAsset(id: number, changes: Updateable<AssetsTable>): Promise<void> {
    await this.db.updateTable('assets').set(changes).where('id', '=', id).execute();
  }

  /**
   * Writes `restored` over an asset only while every one of those columns still holds what the
   * change wrote (`written`), in one statement, so an edit made since (or at the same moment) is
   * never overwritten; answers whether it wrote. All or nothing: a move's category and root, or a
   * restore's four columns, belong together.
   */
  async restoreIfUnchanged(
    id: number,
    restored: Updateable<AssetsTable>,
    written: Updateable<AssetsTable>,
    stamp: Pick<Updateable<AssetsTable>, 'updated_by' | 'updated_at'>,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('assets')
      .set({ ...restored, ...stamp })
      .where('id', '=', id);
    for (const column of Object.keys(restored) as (keyof AssetsTable)[]) {
      const value = written[column] ?? null;
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value as never);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertItems(rows: Insertable<BulkChangeItemsTable>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('bulk_change_items').values(rows).execute();
  }

  /** The next changed items the undo has not put back yet, by asset id. */
  itemsToUndo(bulkChangeId: number, limit: number): Promise<BulkChangeItemRow[]> {
    return this.db
      .selectFrom('bulk_change_items')
      .selectAll()
      .where('bulk_change_id', '=', bulkChangeId)
      .where('outcome', '=', 'changed')
      .where('undone', '=', NOT_UNDONE)
      .orderBy('asset_id')
      .limit(limit)
      .execute();
  }

  async markUndone(
    bulkChangeId: number,
    assetIds: number[],
    how: typeof UNDONE | typeof KEPT_LATER_EDIT = UNDONE,
  ): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db
      .updateTable('bulk_change_items')
      .set({ undone: how })
      .where('bulk_change_id', '=', bulkChangeId)
      .where('asset_id', 'in', assetIds)
      .execute();
  }

  /** Changed, undone (and of those kept as edited since) and skipped counts of a bulk change's items. */
  async counts(bulkChangeId: number): Promise<BulkChangeCounts> {
    const rows = await this.db
      .selectFrom('bulk_change_items')
      .select((eb) => ['outcome', 'undone', eb.fn.countAll<number | string>().as('count')])
      .where('bulk_change_id', '=', bulkChangeId)
      .groupBy(['outcome', 'undone'])
      .execute();
    let changed = 0;
    let undone = 0;
    let keptLaterEdits = 0;
    const skipped = new Map<string, number>();
    for (const row of rows) {
      const count = Number(row.count);
      if (row.outcome === 'changed') {
        changed += count;
        if (row.undone !== NOT_UNDONE) undone += count;
        if (row.undone === KEPT_LATER_EDIT) keptLaterEdits += count;
      } else skipped.set(row.outcome, (skipped.get(row.outcome) ?? 0) + count);
    }
    const skips = await Promise.all(
      [...skipped].map(async ([reason, count]) => ({
        reason,
        count,
        assetIds: (
          await this.db
            .selectFrom('bulk_change_items')
            .select('asset_id')
            .where('bulk_change_id', '=', bulkChangeId)
            .where('outcome', '=', reason)
            .orderBy('asset_id')
            .limit(SKIPPED_IDS_SHOWN)
            .execute()
        ).map((row) => Number(row.asset_id)),
      })),
    );
    return {
      changed,
      undone,
      keptLaterEdits,
      skipped: skips.sort((a, b) => a.reason.localeCompare(b.reason)),
    };
  }
}
