import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Issue 22.4: named lists besides the one cart, shared read-only with other signed-in users.
 *
 * - `lists`: a user's named list; goes with its owner.
 * - `list_items`: the assets of a list, in the order they were added. An asset that is withdrawn
 *   later stays in the list (shown as withdrawn, never its file); a deleted asset leaves it.
 * - `list_shares`: who else may read a list; goes with the list or with that user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lists')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lists_owner').on('lists').columns(['owner_id', 'name']).execute();

  await db.schema
    .createTable('list_items')
    .addColumn('list_id', 'integer', (col) => col.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'asset_id'])
    .execute();

  await db.schema
    .createTable('list_shares')
    .addColumn('list_id', 'integer', (col) => col.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shared_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('list_shares_pk', ['list_id', 'user_id'])
    .execute();
  // "Shared with me" reads by user.
  await db.schema.createIndex('list_shares_user').on('list_shares').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['list_shares', 'list_items', 'lists']) await db.schema.dropTable(table).execute();
}
