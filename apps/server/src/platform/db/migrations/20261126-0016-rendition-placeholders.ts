import { sql, type Kysely, type SqlBool } from 'kysely';

/**
 * Renditions that stand in for the real thing: an EPS rendered while Ghostscript was not installed
 * gets a placeholder card (media/eps-placeholder.ts). A start that finds Ghostscript deletes these
 * rows and queues the renditions job for their sources; the partial index makes finding them one
 * index read however many renditions there are (there are none at all on a machine with Ghostscript).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('renditions')
    .addColumn('placeholder', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('renditions_placeholders')
    .on('renditions')
    .column('source_sha256')
    .where(sql<SqlBool>`placeholder = 1`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('renditions_placeholders').execute();
  await db.schema.alterTable('renditions').dropColumn('placeholder').execute();
}
