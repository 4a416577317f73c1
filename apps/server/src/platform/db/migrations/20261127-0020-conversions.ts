import type { Kysely } from 'kysely';

/**
 * Issue 21.2 and 21.4: presets chosen in the cart, converted files made once and kept, and bundle
 * entries that deliver a conversion.
 *
 * - `cart_presets`: the presets chosen for a cart entry, beside `cart_formats` (the chosen originals).
 *   No foreign key to the preset: a retired preset stays chosen and is shown as no longer offered.
 * - `conversions`: one derived file per source content (sha256) and preset version, made in the
 *   renditions lane. 'pending' until made; 'done' with its own blob, size, CRC-32 (for the zip's
 *   exact layout) and facts; 'failed' with the media rejection code (the same bytes would fail the
 *   same way, so it is not retried). Every later bundle and link of the same source and preset
 *   version delivers the same bytes. Removed with the source blob.
 * - `bundle_entries.preset_id`/`preset_version`: an entry that delivers the conversion of its
 *   `blob_sha256` (the source's blob) by this preset version; null for an original file. Its
 *   `size` and `crc32` are 0 until the conversion is made; the conversion row holds the real ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_presets')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    .addColumn('preset_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_presets_pk', ['user_id', 'asset_id', 'preset_id'])
    .execute();

  await db.schema
    .createTable('conversions')
    .addColumn('source_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('preset_id', 'integer', (col) => col.notNull())
    .addColumn('preset_version', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (col) => col.references('blobs.sha256'))
    .addColumn('size', 'bigint')
    .addColumn('crc32', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('colour_space', 'varchar(10)')
    .addColumn('dpi', 'integer')
    .addColumn('failure', 'varchar(60)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('conversions_pk', ['source_sha256', 'preset_id', 'preset_version'])
    .execute();
  await db.schema.createIndex('conversions_blob').on('conversions').column('blob_sha256').execute();

  await db.schema.alterTable('bundle_entries').addColumn('preset_id', 'integer').execute();
  await db.schema.alterTable('bundle_entries').addColumn('preset_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bundle_entries').dropColumn('preset_version').execute();
  await db.schema.alterTable('bundle_entries').dropColumn('preset_id').execute();
  await db.schema.dropTable('conversions').execute();
  await db.schema.dropTable('cart_presets').execute();
}
