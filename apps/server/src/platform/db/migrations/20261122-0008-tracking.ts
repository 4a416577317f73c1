import { sql, type Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Consent and first-party usage tracking (modules/tracking).
 *
 * - users.tracking_consent: null = not decided, 0 = no, 1 = yes; tracking_consent_at = when the
 *   decision in force was made.
 * - page_views and search_events, like download_events, have no foreign keys: the record outlives
 *   the account (user_id is then just a number). `ip` is personal data kept only with consent and
 *   erased after seven days (spec 9) by an hourly job.
 *
 * Indexes serve the insights, which always filter by a time range and group by one column: the
 * range column leads, the grouped one follows, so a count over a million events reads the index
 * only. The partial `…_ip_at` indexes hold just the rows whose ip is still set (about a week's worth):
 * the erasure job finds its rows there instead of scanning every old event each hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tracking_consent', 'integer').execute();
  await db.schema.alterTable('users').addColumn('tracking_consent_at', 'bigint').execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('at', 'bigint', (col) => col.notNull())
    /** The route, without query string or fragment. */
    .addColumn('path', 'varchar(300)', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    /** 'internal' (jde or super user), 'external', or 'guest'. */
    .addColumn('audience', 'varchar(10)', (col) => col.notNull())
    /** The app's country (de, at, ch) and language when the page was shown. */
    .addColumn('country', 'varchar(2)')
    .addColumn('lang', 'varchar(2)')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('page_views_at').on('page_views').columns(['at', 'audience']).execute();

  await db.schema
    .createTable('search_events')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('at', 'bigint', (col) => col.notNull())
    /** Trimmed and lower-cased. */
    .addColumn('query', 'varchar(200)', (col) => col.notNull())
    .addColumn('result_count', 'integer', (col) => col.notNull())
    /** JSON of the filters in force, e.g. {"categories":[12,14]}; null without any. */
    .addColumn('filters', 'text')
    .addColumn('root_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('audience', 'varchar(10)', (col) => col.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('search_events_at').on('search_events').columns(['at', 'audience']).execute();
  await db.schema.createIndex('search_events_query').on('search_events').columns(['query', 'at']).execute();

  await db.schema.alterTable('download_events').addColumn('ip', 'text').execute();
  // (at, audience) answers everything (at) did, and the Internal/External split from the index alone.
  await db.schema.dropIndex('download_events_at').execute();
  await db.schema
    .createIndex('download_events_at_audience')
    .on('download_events')
    .columns(['at', 'audience'])
    .execute();

  for (const table of ['page_views', 'search_events', 'download_events']) {
    await db.schema
      .createIndex(`${table}_ip_at`)
      .on(table)
      .column('at')
      .where(sql.ref('ip'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['page_views', 'search_events', 'download_events']) {
    await db.schema.dropIndex(`${table}_ip_at`).execute();
  }
  await db.schema.dropIndex('download_events_at_audience').execute();
  await db.schema.createIndex('download_events_at').on('download_events').column('at').execute();
  await db.schema.alterTable('download_events').dropColumn('ip').execute();
  await db.schema.dropTable('search_events').execute();
  await db.schema.dropTable('page_views').execute();
  await db.schema.alterTable('users').dropColumn('tracking_consent_at').execute();
  await db.schema.alterTable('users').dropColumn('tracking_consent').execute();
}
