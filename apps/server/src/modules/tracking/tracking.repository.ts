import type { Insertable, Kysely } from 'kysely';
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
