import { sql, type Kysely, type SqlBool } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Administration (modules/admin).
 *
 * - users.rejected_at / rejection_reason: a rejected registration keeps its row, so the address
 *   cannot silently register again and the decision stays visible; approving it later lifts it.
 * - audit_log: one row per admin action, written in the transaction of the action. The actor's
 *   e-mail is copied so that the entry stays readable after the account is deleted; before/after
 *   are JSON text of the changed fields.
 * - approval_reminders: one row per day a reminder about overdue registrations went out; its
 *   primary key makes the daily reminder happen at most once per day, whichever runner gets there.
 * - assets_removal_pending: the undecided removal requests, for the admin list.
 * - download_events(user_id): the users list shows each user's download count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  await db.schema.alterTable('users').addColumn('rejected_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('rejection_reason', 'text').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'varchar(254)', (col) => col.notNull())
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    /** 'user' or 'asset'; no foreign key: the entry outlives its target. */
    .addColumn('target_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('target_id', 'integer', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();

  await db.schema
    .createTable('approval_reminders')
    /** The UTC day, YYYY-MM-DD. */
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('sent_at', 'bigint', (col) => col.notNull())
    .addColumn('waiting', 'integer', (col) => col.notNull())
    .execute();

  // Only the few undecided requests are in it: the admin list does not scan every asset.
  await db.schema
    .createIndex('assets_removal_pending')
    .on('assets')
    .columns(['removal_requested_at', 'id'])
    .where(sql<SqlBool>`removal_requested_at is not null and withdrawn_at is null`)
    .execute();

  await db.schema
    .createIndex('download_events_user')
    .ifNotExists()
    .on('download_events')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('download_events_user').ifExists().execute();
  await db.schema.dropIndex('assets_removal_pending').execute();
  await db.schema.dropTable('approval_reminders').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('users').dropColumn('rejection_reason').execute();
  await db.schema.alterTable('users').dropColumn('rejected_at').execute();
}
