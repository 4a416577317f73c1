import type { Kysely } from 'kysely';

/**
 * What a file really is (issue 21.6), besides mime type, size, dpi and colour space that rows
 * already keep: bits per sample, whether it has an alpha channel, and whether any pixel is really
 * transparent (the importer files such a picture as a cut-out). Null on rows made before: nothing
 * is known of them until their next version is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_files').addColumn('bit_depth', 'integer').execute();
  await db.schema.alterTable('asset_files').addColumn('has_alpha', 'integer').execute();
  await db.schema.alterTable('asset_files').addColumn('transparent', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('asset_files').dropColumn('transparent').execute();
  await db.schema.alterTable('asset_files').dropColumn('has_alpha').execute();
  await db.schema.alterTable('asset_files').dropColumn('bit_depth').execute();
}
