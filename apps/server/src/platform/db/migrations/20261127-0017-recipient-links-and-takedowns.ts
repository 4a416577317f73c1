import { sql, type Kysely, type SqlBool } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Issue 20: one link per recipient of a sent cart, what happened at each link, and the takedown loop.
 *
 * - `bundle_links`: a recipient's own key to a sent bundle (same shape as a bundle's file name, so the
 *   /download/<name> routes take either). It can be revoked or extended on its own; the bundle lives
 *   as long as its longest link.
 * - `bundle_link_events`: delivery facts of a link (opened, a file, the zip; complete or not). No IP
 *   address and no cookie: a guest's activity is known only through the link itself.
 * - `asset_changes`: an asset withdrawn or a file of it replaced by a super user, with how many people
 *   were told.
 * - `takedown_notices`: one row per person to tell of one change, written in the change's
 *   transaction; unique per change and address, so retries and a second instance add nothing. The
 *   daily digest mails a person's pending rows in one mail and marks them in the same transaction.
 * - `user_downloads`: which assets a signed-in user downloaded, and when last. It is part of the
 *   takedown service (they are told when one is withdrawn or replaced), not statistics, so it is
 *   kept whatever the tracking consent: no IP address, kept TAKEDOWN_LOOKBACK_DAYS (365), deleted
 *   with the account. `download_events` names a user only with consent and cannot serve here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bundle_links')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('bundle_id', 'integer', (col) => col.notNull().references('bundles.id').onDelete('cascade'))
    /** Random, unguessable, ends in .zip: the recipient's link is the key. */
    .addColumn('name', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    /** The language the sender wrote in: the link's mail, share page and takedown mail use it. */
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_sent_at', 'bigint', (col) => col.notNull())
    .addColumn('first_opened_at', 'bigint')
    .addColumn('last_activity_at', 'bigint')
    .execute();
  await db.schema.createIndex('bundle_links_bundle').on('bundle_links').column('bundle_id').execute();

  await db.schema
    .createTable('bundle_link_events')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('link_id', 'integer', (col) => col.notNull().references('bundle_links.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (col) => col.notNull())
    /** 'opened' (the share page), 'file' (one file of it) or 'zip' (all as zip). */
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    /** For 'file': the entry's position in the bundle and its asset. */
    .addColumn('position', 'integer')
    .addColumn('asset_id', 'integer')
    /** For 'file' and 'zip': 1 once the last byte went out, 0 while (or if never) it did not. */
    .addColumn('complete', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('bundle_link_events_link')
    .on('bundle_link_events')
    .columns(['link_id', 'at'])
    .execute();
  await db.schema
    .createIndex('bundle_link_events_asset')
    .on('bundle_link_events')
    .columns(['asset_id', 'at'])
    .execute();

  await db.schema
    .createTable('asset_changes')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    /** 'withdrawn' or 'replaced'. */
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    /** For 'replaced': the media type whose file has a new version. */
    .addColumn('media_type', 'integer')
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'integer')
    /** How many people a takedown notice was written for. */
    .addColumn('told', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('asset_changes_asset')
    .on('asset_changes')
    .columns(['asset_id', 'at'])
    .execute();

  await db.schema
    .createTable('takedown_notices')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('change_id', 'integer', (col) =>
      col.notNull().references('asset_changes.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    /** The address, lower-cased: one person, whether they downloaded signed in or through a link. */
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('lang', 'varchar(2)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    /** The change's day in the portal's time zone (YYYY-MM-DD): one mail per person per day. */
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('mailed_at', 'bigint')
    .addUniqueConstraint('takedown_notices_once', ['change_id', 'recipient'])
    .execute();
  await db.schema
    .createIndex('takedown_notices_pending')
    .on('takedown_notices')
    .columns(['day', 'recipient'])
    .where(sql<SqlBool>`mailed_at is null`)
    .execute();

  await db.schema
    .createTable('user_downloads')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** No foreign key: an asset deleted from the catalogue leaves its history to age out. */
    .addColumn('asset_id', 'integer', (col) => col.notNull())
    .addColumn('last_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('user_downloads_pk', ['user_id', 'asset_id'])
    .execute();
  // The takedown loop's lookup (an asset's downloaders in the window) and the retention's delete.
  await db.schema
    .createIndex('user_downloads_asset')
    .on('user_downloads')
    .columns(['asset_id', 'last_at'])
    .execute();
  await backfillUserDownloads(db);
}

/**
 * The history an installation already has: downloads of consenting users (file, or a bundle's
 * assets) and the download bundles of the cart's owners that were downloaded, as the takedown loop
 * found them before. Older rows than a year go with the next retention run.
 */
async function backfillUserDownloads(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into user_downloads (user_id, asset_id, last_at)
    select d.user_id, d.asset_id, max(d.at) from (
      select e.user_id, e.asset_id, e.at from download_events e
      where e.kind = 'file' and e.user_id is not null and e.asset_id is not null
      union all
      select e.user_id, be.asset_id, e.at from download_events e
      join bundle_entries be on be.bundle_id = e.bundle_id
      where e.kind = 'bundle' and e.user_id is not null
      union all
      select b.owner_id, be.asset_id, e.at from download_events e
      join bundles b on b.id = e.bundle_id
      join bundle_entries be on be.bundle_id = b.id
      where e.kind = 'bundle' and b.kind = 'download'
    ) d
    where d.user_id in (select id from users)
    group by d.user_id, d.asset_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_downloads').execute();
  await db.schema.dropTable('takedown_notices').execute();
  await db.schema.dropTable('asset_changes').execute();
  await db.schema.dropTable('bundle_link_events').execute();
  await db.schema.dropTable('bundle_links').execute();
}
