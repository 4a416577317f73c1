import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Cart, bundles, messages and download events (modules/cart, modules/delivery).
 *
 * A cart entry is (user, asset) plus the formats chosen for it, which may be none. A bundle is an
 * immutable manifest: each entry names a blob (immutable, content-addressed) with the size and CRC-32
 * its zip entry needs, so the zip can be laid out and streamed, or resumed, without reading any file
 * first. Entries copy the asset name and file id: the bundle keeps its content if the catalogue changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_entries')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_entries_pk', ['user_id', 'asset_id'])
    .execute();
  await db.schema
    .createTable('cart_formats')
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    .addColumn('media_type', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_formats_pk', ['user_id', 'asset_id', 'media_type'])
    .addForeignKeyConstraint(
      'cart_formats_entry',
      ['user_id', 'asset_id'],
      'cart_entries',
      ['user_id', 'asset_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('bundles')
    .addColumn('id', serialPrimaryKey(db))
    /** Random, unguessable, ends in .zip: the download link is the key. */
    .addColumn('filename', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** 'download' (GET /cart/download) or 'message' (POST /cart/send). */
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('entry_count', 'integer', (col) => col.notNull())
    /** Bytes of the files; the zip is a little larger (headers). */
    .addColumn('files_size', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('bundles_owner')
    .on('bundles')
    .columns(['owner_id', 'kind', 'created_at'])
    .execute();
  await db.schema.createIndex('bundles_expiry').on('bundles').column('expires_at').execute();

  await db.schema
    .createTable('bundle_entries')
    .addColumn('bundle_id', 'integer', (col) => col.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    .addColumn('asset_name', 'text', (col) => col.notNull())
    .addColumn('file_id', 'integer', (col) => col.notNull())
    .addColumn('media_type', 'integer', (col) => col.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (col) => col.notNull().references('blobs.sha256'))
    .addColumn('entry_name', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('crc32', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('bundle_entries_pk', ['bundle_id', 'position'])
    .execute();
  await db.schema.createIndex('bundle_entries_blob').on('bundle_entries').column('blob_sha256').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('bundle_id', 'integer', (col) =>
      col.notNull().unique().references('bundles.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('copy_to_sender', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  /**
   * Every bundle download and single-file download, for the tracking issue's reports. No foreign
   * keys: the record outlives bundles, assets and accounts (user_id is then just a number).
   */
  await db.schema
    .createTable('download_events')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('at', 'bigint', (col) => col.notNull())
    /** 'bundle' or 'file'. */
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('bundle_id', 'integer')
    .addColumn('asset_id', 'integer')
    .addColumn('file_id', 'integer')
    .addColumn('media_type', 'integer')
    .addColumn('user_id', 'integer')
    /** 'internal' (jde or super user), 'external', or 'guest' (a link opened without login). */
    .addColumn('audience', 'varchar(10)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('download_events_at').on('download_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'download_events',
    'messages',
    'bundle_entries',
    'bundles',
    'cart_formats',
    'cart_entries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
