import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Packshot orders (modules/orders): the order with every field of spec 3, its files and its history.
 *
 * The packshot block (types, their GTINs and article ids) is one JSON text column: it is read and
 * written only as a whole and never searched. Files are content-addressed blobs like asset files; the
 * row keeps the served name and the uploaded one. The creator's e-mail is copied (`username`) so the
 * order keeps it when the account is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', serialPrimaryKey(db))
    /** "A-2026-000123", set right after the insert from the id (unique by construction). */
    .addColumn('order_number', 'varchar(20)', (col) => col.unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('article_id', 'varchar(50)', (col) => col.notNull())
    .addColumn('gtin', 'varchar(14)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('username', 'varchar(254)', (col) => col.notNull())
    .addColumn('country_de', 'integer', (col) => col.notNull())
    .addColumn('country_at', 'integer', (col) => col.notNull())
    .addColumn('country_ch', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('last_modified_at', 'bigint', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    /** Spec 3 `new`: 'yes' (new article), 'no' (change), 'delete'. */
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('change_data', 'integer', (col) => col.notNull())
    .addColumn('change_packshot', 'integer', (col) => col.notNull())
    .addColumn('packshot', 'text', (col) => col.notNull())
    /** YYYY-MM-DD or ''. */
    .addColumn('internal_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('external_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('vertretung', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('notify', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_active_status').on('orders').columns(['active', 'status']).execute();

  await db.schema
    .createTable('order_files')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('blob_sha256', 'varchar(64)', (col) => col.notNull().references('blobs.sha256'))
    /** The name it is served under: random, unguessable, with the file's extension. */
    .addColumn('filename', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_files_order').on('order_files').column('order_id').execute();
  await db.schema.createIndex('order_files_blob').on('order_files').column('blob_sha256').execute();

  await db.schema
    .createTable('order_history')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    /** Spec 4 action types (CREATED, ACCEPTED, …, INFO). */
    .addColumn('action', 'varchar(20)', (col) => col.notNull())
    .addColumn('username', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    /** JSON: {field, from, to} of a change, {from, to, comment} of a status, {fileId, filename} of a file. */
    .addColumn('context', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_history_order')
    .on('order_history')
    .columns(['order_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_history', 'order_files', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
