import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Catalogue: category nodes per country root, assets with their files, and content-addressed blobs.
 * Blobs are immutable and shared: the same bytes imported twice are stored once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('crc32', 'bigint', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('nodes')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('parent_id', 'integer', (col) => col.references('nodes.id').onDelete('restrict'))
    .addColumn('root_id', 'integer', (col) => col.notNull())
    .addColumn('name_de', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('name_fr', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('nodes_parent').on('nodes').column('parent_id').execute();
  await db.schema.createIndex('nodes_root').on('nodes').column('root_id').execute();

  await db.schema
    .createTable('assets')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('container_id', 'integer', (col) => col.notNull().references('nodes.id').onDelete('restrict'))
    .addColumn('root_id', 'integer', (col) => col.notNull())
    .addColumn('name_de', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text')
    .addColumn('name_fr', 'text')
    .addColumn('keywords', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    /** GTIN-14 as text, and as a number so that 8/12/13/14-digit spellings find it alike. */
    .addColumn('gtin', 'varchar(14)')
    .addColumn('gtin_number', 'bigint')
    .addColumn('image_category', 'integer')
    .addColumn('version', 'integer')
    .addColumn('variant', 'integer')
    .addColumn('linked_searchable', 'text')
    /** Where an import took this asset from (manifest id or GS1 name), for idempotent re-imports. */
    .addColumn('source_key', 'varchar(300)', (col) => col.unique())
    .addColumn('removal_requested_at', 'bigint')
    .addColumn('removal_requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('removal_reason', 'text')
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('assets_container').on('assets').columns(['container_id', 'id']).execute();
  await db.schema.createIndex('assets_root').on('assets').columns(['root_id', 'id']).execute();
  await db.schema.createIndex('assets_gtin_number').on('assets').column('gtin_number').execute();

  await db.schema
    .createTable('asset_files')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('media_type', 'integer', (col) => col.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (col) => col.notNull().references('blobs.sha256'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('mime_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('dpi_x', 'real')
    .addColumn('colorspace', 'varchar(40)')
    .addColumn('page_count', 'integer')
    /** 1, 2, …: a changed file makes a new version; only the current one is offered. */
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('is_current', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('asset_files_asset')
    .on('asset_files')
    .columns(['asset_id', 'media_type', 'is_current'])
    .execute();
  await db.schema.createIndex('asset_files_blob').on('asset_files').column('blob_sha256').execute();

  /** Thumbnails and previews, keyed by the source blob: identical sources share their renditions. */
  await db.schema
    .createTable('renditions')
    .addColumn('source_sha256', 'varchar(64)', (col) => col.notNull().references('blobs.sha256'))
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (col) => col.notNull().references('blobs.sha256'))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('renditions_pk', ['source_sha256', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['renditions', 'asset_files', 'assets', 'nodes', 'blobs']) {
    await db.schema.dropTable(table).execute();
  }
}
