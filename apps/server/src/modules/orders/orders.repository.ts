import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { foldCase } from '../../platform/db/case-fold.js';
import type { DialectName } from '../../platform/db/database.js';
import type { Database, OrderFilesTable, OrderHistoryTable, OrdersTable } from '../../platform/db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Omit<Insertable<OrdersTable>, 'id' | 'order_number'>;
export type OrderRowUpdate = Updateable<Omit<OrdersTable, 'id' | 'order_number' | 'created_at'>>;
export type OrderFileRow = Selectable<OrderFilesTable> & { size: number };
export type NewOrderFileRow = Omit<Insertable<OrderFilesTable>, 'id'>;
export type OrderHistoryRow = Selectable<OrderHistoryTable>;
export type NewHistoryRow = Omit<Insertable<OrderHistoryTable>, 'id' | 'order_id'>;
export type OrderExecutor = Kysely<Database> | Transaction<Database>;

/** Which orders a list or count may see. */
export interface OrderFilter {
  /** Completed orders are for super users only (spec 6). */
  includeCompleted: boolean;
  statuses?: OrdersTable['status'][];
  search?: { text: string; columns: ('name' | 'article_id' | 'gtin' | 'order_number' | 'username')[] };
}

/** "A-2026-000123": the year of creation and the id, so it is unique and readable on the phone. */
export function orderNumberOf(id: number, createdAt: number): string {
  return `A-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/** The only place with order SQL. Inactive (deactivated) orders are invisible to every read but `byId`. */
export class OrdersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** Which SQL dialect `db` speaks, for `foldCase`. */
    private readonly dialect: DialectName,
  ) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Inserts the order with its first history entries and sets its number; answers the stored row. */
  async insert(trx: Transaction<Database>, row: NewOrderRow, history: NewHistoryRow[]): Promise<OrderRow> {
    const inserted = await trx.insertInto('orders').values(row).returning('id').executeTakeFirstOrThrow();
    await trx
      .updateTable('orders')
      .set({ order_number: orderNumberOf(inserted.id, row.created_at) })
      .where('id', '=', inserted.id)
      .execute();
    await this.addHistory(trx, inserted.id, history);
    return (await this.byId(inserted.id, trx))!;
  }

  async update(
    trx: Transaction<Database>,
    id: number,
    changes: OrderRowUpdate,
    history: NewHistoryRow[],
  ): Promise<void> {
    if (Object.keys(changes).length > 0) {
      await trx.updateTable('orders').set(changes).where('id', '=', id).execute();
    }
    await this.addHistory(trx, id, history);
  }

  async addHistory(executor: OrderExecutor, orderId: number, entries: NewHistoryRow[]): Promise<void> {
    if (entries.length === 0) return;
    await executor
      .insertInto('order_history')
      .values(entries.map((entry) => ({ ...entry, order_id: orderId })))
      .execute();
  }

  /** One order, active or not (the service decides who may see it). */
  byId(id: number, executor: OrderExecutor = this.db): Promise<OrderRow | undefined> {
    return executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Active orders matching the filter, by name (the list's default sort, spec 2.10). */
  async list(filter: OrderFilter): Promise<OrderRow[]> {
    let query = this.db.selectFrom('orders').selectAll().where('active', '=', 1);
    if (!filter.includeCompleted) query = query.where('status', '!=', 'completed');
    if (filter.statuses) query = query.where('status', 'in', filter.statuses);
    const search = filter.search;
    if (search && search.text) {
      // Case-insensitive substring on both dialects: both sides folded the same Unicode way by
      // `foldCase` (SQLite's own lower() folds ASCII only), LIKE wildcards escaped.
      const pattern = foldCase(this.dialect, `%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      query = query.where((eb) =>
        eb.or(
          search.columns.map(
            // An explicit ESCAPE: SQLite has no default escape character for LIKE.
            (column) =>
              sql<boolean>`${foldCase(this.dialect, sql<string>`coalesce(${sql.ref(column)}, '')`)} like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return query.orderBy('name').orderBy('id').execute();
  }

  /** Active orders with one of the statuses: the badge (spec 6). */
  async count(statuses: OrdersTable['status'][]): Promise<number> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('active', '=', 1)
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async filesOf(orderIds: number[]): Promise<OrderFileRow[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('order_files')
      .innerJoin('blobs', 'blobs.sha256', 'order_files.blob_sha256')
      .selectAll('order_files')
      .select('blobs.size')
      .where('order_id', 'in', orderIds)
      .orderBy('order_files.created_at')
      .orderBy('order_files.id')
      .execute();
    return rows.map((row) => ({ ...row, size: Number(row.size) }));
  }

  async historyOf(orderIds: number[]): Promise<OrderHistoryRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('order_history')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute();
  }

  /** The file's blob must have its `blobs` row already (the foreign key). */
  async insertFile(executor: OrderExecutor, row: NewOrderFileRow): Promise<Selectable<OrderFilesTable>> {
    return executor.insertInto('order_files').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async fileOf(orderId: number, fileId: number): Promise<Selectable<OrderFilesTable> | undefined> {
    return this.db
      .selectFrom('order_files')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('id', '=', fileId)
      .executeTakeFirst();
  }

  async blobSize(sha256: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('blobs')
      .select('size')
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.size);
  }

  /** Whether any stored row names these bytes (then an unused upload of the same bytes must stay). */
  async blobRowExists(sha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blobs')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A file by the name it is served under, with its order's visibility. */
  async fileByName(
    filename: string,
  ): Promise<(OrderFileRow & { active: number; status: OrdersTable['status'] }) | undefined> {
    const row = await this.db
      .selectFrom('order_files')
      .innerJoin('orders', 'orders.id', 'order_files.order_id')
      .innerJoin('blobs', 'blobs.sha256', 'order_files.blob_sha256')
      .selectAll('order_files')
      .select(['orders.active', 'orders.status', 'blobs.size'])
      .where('order_files.filename', '=', filename)
      .executeTakeFirst();
    return row && { ...row, size: Number(row.size) };
  }

  /** Removes the file's row; the blob stays (content-addressed, possibly shared). */
  async deleteFile(executor: OrderExecutor, fileId: number): Promise<void> {
    await executor.deleteFrom('order_files').where('id', '=', fileId).execute();
  }

  /**
   * Catalogue assets of an article, for the order form's lookup (spec 5): by GTIN (custom field 100)
   * or by article number, which is the asset's linked searchable (custom field 101). Withdrawn assets
   * are left out; newest first.
   */
  async articleAssets(
    by: { gtin: string } | { articleId: string },
  ): Promise<{ name: string; gtin: string | null; articleId: string | null; rootId: number }[]> {
    let query = this.db
      .selectFrom('assets')
      .select(['name_de as name', 'gtin', 'linked_searchable as articleId', 'root_id as rootId'])
      .where('withdrawn_at', 'is', null);
    query =
      'gtin' in by ? query.where('gtin', '=', by.gtin) : query.where('linked_searchable', '=', by.articleId);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
  }

  /** Language and rights of those recipients who have an account (others: default language, no rights). */
  async recipientsOf(
    emails: string[],
    executor: OrderExecutor = this.db,
  ): Promise<Map<string, { lang: string; isSuperUser: boolean }>> {
    if (emails.length === 0) return new Map();
    const rows = await executor
      .selectFrom('users')
      .select(['email', 'lang', 'is_super_user'])
      .where('email', 'in', emails)
      .execute();
    return new Map(rows.map((row) => [row.email, { lang: row.lang, isSuperUser: row.is_super_user === 1 }]));
  }
}
