import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';

/** Epoch milliseconds, `from` inclusive, `to` exclusive (the start of the day after the last one). */
export interface TimeRange {
  from: number;
  to: number;
}

export const DAY_MS = 86_400_000;

/**
 * Monday-based week number of an epoch-ms column: both engines truncate integer by integer division
 * (SQLite INTEGER, PostgreSQL bigint), so day and week numbers agree. Divisors are literals, not
 * parameters: better-sqlite3 binds a number as REAL, and a REAL division keeps the fraction.
 * Epoch day 0 (1970-01-01) was a Thursday, so day + 3 is a multiple of 7 exactly on Mondays; the
 * week's Monday is day week * 7 - 3. Users are few (no index on created_at): a scan is fine.
 */
function mondayWeekOf(column: string): RawBuilder<number> {
  return sql<number>`((${sql.ref(column)} / ${sql.lit(DAY_MS)} + 3) / 7)`;
}

/** int8 sums and counts come back as numbers (database.ts); numeric would be a string: always Number(). */
const num = (value: unknown): number => Number(value ?? 0);

/** Epoch day numbers (days since 1970-01-01 UTC), both inclusive. */
export interface DayRange {
  fromDay: number;
  toDay: number;
}

export interface DayAudienceCounts {
  day: number;
  internal: number;
  external: number;
  guest: number;
}

export interface AssetDownloads {
  assetId: number;
  name: string | null;
  downloads: number;
}

export interface QueryCount {
  query: string;
  count: number;
  /** Sum of result counts, for the mean. */
  results: number;
}

export interface CountryUsers {
  country: string | null;
  users: number;
}

export interface WeekCount {
  week: number;
  count: number;
}

/**
 * The only place with insights SQL. Every query is one aggregate over a time range that an index
 * leading with `at` serves (migrations 0008 and 0010): no event row is ever loaded into JavaScript.
 */
export class InsightsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Ties in the top lists are broken by the query text in byte order, so that both engines cut the
   * list at the same place: PostgreSQL would otherwise sort by its locale's collation.
   */
  private byText(column: string): RawBuilder<string> {
    return this.dialect === 'postgres'
      ? sql<string>`${sql.ref(column)} collate "C"`
      : sql<string>`${sql.ref(column)}`;
  }

  /**
   * One row per day of the range, by counting each day's slice of the (at, audience) index: grouping
   * by a computed day would sort every event of the range (a year: 300k rows, ~200 ms at 1M events),
   * while range counts read the index in order and sort nothing. Day numbers go in as literals cast
   * to bigint: PostgreSQL would multiply integers and overflow, SQLite would bind them as REAL.
   */
  async downloadsPerDay(range: DayRange): Promise<DayAudienceCounts[]> {
    const perDay = (audience: string) => sql<number>`(select count(*) from download_events
      where at >= days.day * ${sql.lit(DAY_MS)} and at < (days.day + 1) * ${sql.lit(DAY_MS)}
        and audience = ${sql.lit(audience)})`;
    const { rows } = await sql<{ day: unknown; internal: unknown; external: unknown; guest: unknown }>`
      with recursive days(day) as (
        select cast(${sql.lit(range.fromDay)} as bigint)
        union all
        select day + 1 from days where day < ${sql.lit(range.toDay)}
      )
      select day, ${perDay('internal')} as internal, ${perDay('external')} as external,
             ${perDay('guest')} as guest
        from days order by day`.execute(this.db);
    return rows.map((row) => ({
      day: num(row.day),
      internal: num(row.internal),
      external: num(row.external),
      guest: num(row.guest),
    }));
  }

  /**
   * A single-file download counts for its asset; a bundle download once for every asset in the bundle
   * (however many of its files it holds). Bundle events are first counted per bundle, so the entries
   * of a bundle are read once, not once per download of it.
   */
  async topAssets(range: TimeRange, limit: number): Promise<AssetDownloads[]> {
    const { rows } = await sql<{ asset_id: number; name: string | null; downloads: unknown }>`
      with bundle_downloads as (
        select bundle_id, count(*) as n from download_events
         where at >= ${range.from} and at < ${range.to} and bundle_id is not null
         group by bundle_id
      ), bundle_assets as (
        select distinct b.bundle_id, e.asset_id, b.n
          from bundle_downloads b join bundle_entries e on e.bundle_id = b.bundle_id
      ), per_asset as (
        select asset_id, count(*) as n from download_events
         where at >= ${range.from} and at < ${range.to} and asset_id is not null
         group by asset_id
        union all
        select asset_id, n from bundle_assets
      ), top as (
        select asset_id, cast(sum(n) as bigint) as downloads from per_asset
         group by asset_id order by downloads desc, asset_id limit ${sql.lit(limit)}
      )
      select top.asset_id, a.name_de as name, top.downloads
        from top left join assets a on a.id = top.asset_id
       order by top.downloads desc, top.asset_id`.execute(this.db);
    return rows.map((row) => ({ assetId: num(row.asset_id), name: row.name, downloads: num(row.downloads) }));
  }

  /**
   * The most frequent queries; `zeroResultsOnly` keeps the searches that found nothing, read from
   * the partial index of those alone (about one search in ten) instead of every search of the range.
   */
  async topSearches(range: TimeRange, limit: number, zeroResultsOnly: boolean): Promise<QueryCount[]> {
    let query = this.db
      .selectFrom('search_events')
      .select([
        'query',
        (eb) => eb.fn.countAll().as('searches'),
        (eb) => eb.fn.sum<number>('result_count').as('results'),
      ])
      .where('at', '>=', range.from)
      .where('at', '<', range.to);
    // A literal, not a parameter: a planner can only pick a partial index for a condition it can see.
    if (zeroResultsOnly) query = query.where('result_count', '=', sql.lit(0));
    const rows = await query
      .groupBy('query')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy(this.byText('query'))
      .limit(limit)
      .execute();
    return rows.map((row) => ({ query: row.query, count: num(row.searches), results: num(row.results) }));
  }

  /** Only consenting signed-in users have an id on their page views; guests are never counted here. */
  async activeUsersPerCountry(range: TimeRange): Promise<CountryUsers[]> {
    const rows = await this.db
      .selectFrom('page_views')
      .select(['country', (eb) => eb.fn.count('user_id').distinct().as('users')])
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .where('user_id', 'is not', null)
      .groupBy('country')
      .execute();
    return rows.map((row) => ({ country: row.country, users: num(row.users) }));
  }

  async registrationsPerWeek(range: TimeRange): Promise<WeekCount[]> {
    const rows = await this.db
      .selectFrom('users')
      .select([mondayWeekOf('created_at').as('week'), (eb) => eb.fn.countAll().as('registrations')])
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .groupBy(mondayWeekOf('created_at'))
      .execute();
    return rows.map((row) => ({ week: num(row.week), count: num(row.registrations) }));
  }

  async countSearches(range: TimeRange): Promise<number> {
    const row = await this.db
      .selectFrom('search_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  async countPageViews(range: TimeRange): Promise<number> {
    const row = await this.db
      .selectFrom('page_views')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .executeTakeFirstOrThrow();
    return num(row.n);
  }
}
