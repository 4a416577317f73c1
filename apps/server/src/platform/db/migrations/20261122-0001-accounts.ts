import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('company', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('contact_person', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('lang', 'varchar(2)', (col) => col.notNull().defaultTo('de'))
    .addColumn('jde', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_super_user', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('email_confirmed_at', 'bigint')
    .addColumn('approved_at', 'bigint')
    .addColumn('deactivated_at', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('user_links')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_links_user_purpose')
    .on('user_links')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('run_at', 'bigint', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'failed_at', 'run_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'jobs', 'rate_limits', 'user_links', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
