import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Issue 22.5: bulk changes by super users, applied in batches by a job.
 *
 * - `bulk_changes`: one change of a selection, its progress and state. `asset_ids` is the selection
 *   (JSON, deduplicated, in the order given); `done` counts the assets handled, and is written in the
 *   transaction of each batch, so a restarted job continues after the last committed batch and
 *   never applies one twice. Goes with nothing: an author's deletion keeps the row (actor_id null).
 * - `bulk_change_items`: what became of each handled asset: `outcome` 'changed' with the columns it
 *   had before and has after (JSON), for the undo, or the reason it was skipped. `undone` is set in
 *   the undo's batch transaction, for the same crash safety.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_changes')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'varchar(254)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('change', 'text', (col) => col.notNull())
    .addColumn('asset_ids', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('undo_started_at', 'bigint')
    .execute();
  // "The caller's last bulk change" reads by author, newest first.
  await db.schema.createIndex('bulk_changes_actor').on('bulk_changes').columns(['actor_id', 'id']).execute();

  await db.schema
    .createTable('bulk_change_items')
    .addColumn('bulk_change_id', 'integer', (col) =>
      col.notNull().references('bulk_changes.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'varchar(20)', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('undone', 'smallint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bulk_change_items_pk', ['bulk_change_id', 'asset_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bulk_change_items', 'bulk_changes']) await db.schema.dropTable(table).execute();
}
