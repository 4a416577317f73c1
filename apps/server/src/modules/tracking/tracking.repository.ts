import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  Database,
  DownloadEventsTable,
  PageViewsTable,
  SearchEventsTable,
} from '../../platform/db/schema.js';

/** The tables whose `ip` column is personal data with a retention of seven days. */
const TABLES_WITH_IP = ['page_views', 'search_events', 'download_events'] as const;

export interface StoredConsent {
  /** null = not decided, 0 = no, 1 = yes. */
  consent: number | null;
  decidedAt: number | null;
}

/** The only place with tracking SQL: consent on the user row, and the event tables. */
export class TrackingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Undefined when there is no such user. */
  async consentOf(userId: number): Promise<StoredConsent | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['tracking_consent', 'tracking_consent_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { consent: row.tracking_consent, decidedAt: row.tracking_consent_at };
  }

  /**
   * Stores a decision with its time, unless it is the decision in force already: the app pushes the
   * browser's decision at every login, and that must not move the time it was actually made.
   */
  async setConsent(userId: number, consent: 0 | 1, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ tracking_consent: consent, tracking_consent_at: now })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('tracking_consent', 'is', null), eb('tracking_consent', '!=', consent)]))
      .execute();
  }

  /** One multi-row insert per table, in one transaction: a batch is kept whole or not at all. */
  async insertEvents(
    pageViews: Insertable<PageViewsTable>[],
    searches: Insertable<SearchEventsTable>[],
  ): Promise<void> {
    if (pageViews.length === 0 && searches.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      if (pageViews.length > 0) await trx.insertInto('page_views').values(pageViews).execute();
      if (searches.length > 0) await trx.insertInto('search_events').values(searches).execute();
    });
  }

  /** Role and stored consent of a downloader, undefined when there is no such user. */
  async downloader(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'jde', 'is_super_user', 'tracking_consent'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async insertDownload(event: Insertable<DownloadEventsTable>): Promise<void> {
    await this.db.insertInto('download_events').values(event).execute();
  }

  /** Notes that the user downloaded the asset now (a new row, or a later `last_at`). */
  async noteFileDownloaded(userId: number, assetId: number, at: number): Promise<void> {
    await this.db
      .insertInto('user_downloads')
      .values({ user_id: userId, asset_id: assetId, last_at: at })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'asset_id'])
          .doUpdateSet({ last_at: (eb) => eb.ref('excluded.last_at') }),
      )
      .execute();
  }

  /**
   * Notes every asset of the bundle as downloaded by the user now, in one INSERT … SELECT however
   * many entries it has. Distinct assets: an asset in several formats is one row, and PostgreSQL
   * refuses an upsert that meets the same key twice. The values are cast (a bare parameter in a
   * select list is text on PostgreSQL, and better-sqlite3 may bind a number as REAL).
   */
  async noteBundleDownloaded(userId: number, bundleId: number, at: number): Promise<void> {
    await this.db
      .insertInto('user_downloads')
      .columns(['user_id', 'asset_id', 'last_at'])
      .expression(
        this.db
          .selectFrom('bundle_entries')
          .select([
            sql<number>`cast(${userId} as integer)`.as('user_id'),
            'asset_id',
            sql<number>`cast(${at} as bigint)`.as('last_at'),
          ])
          .distinct()
          .where('bundle_id', '=', bundleId),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'asset_id'])
          .doUpdateSet({ last_at: (eb) => eb.ref('excluded.last_at') }),
      )
      .execute();
  }

  /**
   * Deletes download history noted before `before`, in batches by key (SQLite's single writer is
   * never held for long). Finding them scans the table, one row per user and asset: cheap for an
   * hourly run, where an index on `last_at` alone would cost every download another write.
   * Answers the number of rows deleted.
   */
  async forgetDownloadsBefore(before: number, batchSize: number): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await this.db
        .deleteFrom('user_downloads')
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('user_id', 'asset_id'),
            'in',
            selectFrom('user_downloads')
              .select(['user_id', 'asset_id'])
              .where('last_at', '<', before)
              .limit(batchSize)
              .$asTuple('user_id', 'asset_id'),
          ),
        )
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      total += deleted;
      if (deleted < batchSize) return total;
    }
  }

  /**
   * Sets ip = null on events recorded before `before`, in batches so that SQLite's single writer is
   * never held for long (tracking inserts wait meanwhile). The partial index on (at) where ip is set
   * holds only the rows still to erase, so each batch is found without scanning old events.
   * Answers the number of rows changed.
   */
  async eraseIpsBefore(before: number, batchSize: number): Promise<number> {
    let total = 0;
    for (const table of TABLES_WITH_IP) {
      for (;;) {
        const result = await this.db
          .updateTable(table)
          .set({ ip: null })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom(table)
              .select('id')
              .where('ip', 'is not', null)
              .where('at', '<', before)
              .limit(batchSize),
          )
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows);
        total += changed;
        if (changed < batchSize) break;
      }
    }
    return total;
  }
}
