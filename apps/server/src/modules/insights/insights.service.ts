import {
  ErrorCodes,
  INSIGHTS_DEFAULT_DAYS,
  INSIGHTS_MAX_DAYS,
  INSIGHTS_TOP_SIZE,
  type ActiveUsersPerCountry,
  type DownloadsPerDay,
  type InsightsAnswer,
  type InsightsCountry,
  type InsightsQuery,
  type InsightsSeries,
  type RegistrationsPerWeek,
  type TopAsset,
  type TopSearch,
  type ZeroResultSearch,
} from '@mediabox/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { toCsv, type CsvCell } from './insights-csv.js';
import { DAY_MS, type InsightsRepository, type TimeRange } from './insights.repository.js';

export interface InsightsServiceDeps {
  repository: InsightsRepository;
  clock: Clock;
}

/** A resolved request: the days as asked (inclusive) and the epoch-ms range they cover. */
export interface InsightsRange {
  from: string;
  to: string;
  /** Epoch day numbers (days since 1970-01-01 UTC), inclusive. */
  fromDay: number;
  toDay: number;
  time: TimeRange;
}

export interface InsightsCsv {
  fileName: string;
  body: string;
}

const COUNTRY_ORDER: InsightsCountry[] = ['de', 'at', 'ch', 'unknown'];

const dayNumber = (isoDay: string): number => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/**
 * Usage insights for super users (issue 6): downloads, searches, active users and registrations
 * over a range of UTC days. The database aggregates; this class resolves the range, fills the gaps
 * (days and weeks without events are zeros, not missing) and shapes the answer and the CSV files.
 */
export class InsightsService {
  constructor(private readonly deps: InsightsServiceDeps) {}

  /** Defaults: up to today (UTC), 30 days long. An explicit range must be ordered and at most 366 days. */
  resolveRange(query: InsightsQuery): InsightsRange {
    const today = Math.floor(this.deps.clock.now() / DAY_MS);
    const toDay = query.to === undefined ? today : dayNumber(query.to);
    const fromDay = query.from === undefined ? toDay - (INSIGHTS_DEFAULT_DAYS - 1) : dayNumber(query.from);
    if (fromDay > toDay) {
      throw new AppError(ErrorCodes.insightsInvalidRange, '`from` must not be after `to`', [
        { path: 'from', code: ErrorCodes.insightsInvalidRange },
      ]);
    }
    if (toDay - fromDay + 1 > INSIGHTS_MAX_DAYS) {
      throw new AppError(ErrorCodes.insightsInvalidRange, `At most ${INSIGHTS_MAX_DAYS} days`, [
        { path: 'from', code: ErrorCodes.insightsInvalidRange },
      ]);
    }
    return {
      from: isoDay(fromDay),
      to: isoDay(toDay),
      fromDay,
      toDay,
      time: { from: fromDay * DAY_MS, to: (toDay + 1) * DAY_MS },
    };
  }

  async insights(query: InsightsQuery): Promise<InsightsAnswer> {
    const range = this.resolveRange(query);
    const { repository } = this.deps;
    // On PostgreSQL the queries run side by side on the pool; SQLite's one connection takes them in turn.
    const [
      downloadsPerDay,
      topAssets,
      topSearches,
      zeroResultSearches,
      activeUsers,
      registrations,
      searches,
      pageViews,
    ] = await Promise.all([
      this.downloadsPerDay(range),
      this.topAssets(range),
      this.topSearches(range),
      this.zeroResultSearches(range),
      this.activeUsersPerCountry(range),
      this.registrationsPerWeek(range),
      repository.countSearches(range.time),
      repository.countPageViews(range.time),
    ]);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      from: range.from,
      to: range.to,
      downloadsPerDay,
      topAssets,
      topSearches,
      zeroResultSearches,
      activeUsersPerCountry: activeUsers,
      registrationsPerWeek: registrations,
      totals: {
        downloads: sum(downloadsPerDay.map((day) => day.internal + day.external + day.guest)),
        searches,
        pageViews,
        registrations: sum(registrations.map((week) => week.count)),
      },
    };
  }

  async csv(series: InsightsSeries, query: InsightsQuery): Promise<InsightsCsv> {
    const range = this.resolveRange(query);
    return {
      fileName: `mediabox-${series}-${range.from}-${range.to}.csv`,
      body: await this.csvBody(series, range),
    };
  }

  private async csvBody(series: InsightsSeries, range: InsightsRange): Promise<string> {
    const table = (header: string[], rows: CsvCell[][]) => toCsv(header, rows);
    switch (series) {
      case 'downloads-per-day':
        return table(
          ['day', 'internal', 'external', 'guest'],
          (await this.downloadsPerDay(range)).map((row) => [row.day, row.internal, row.external, row.guest]),
        );
      case 'top-assets':
        return table(
          ['assetId', 'name', 'downloads'],
          (await this.topAssets(range)).map((row) => [row.assetId, row.name, row.downloads]),
        );
      case 'top-searches':
        return table(
          ['query', 'count', 'avgResults'],
          (await this.topSearches(range)).map((row) => [row.query, row.count, row.avgResults]),
        );
      case 'zero-result-searches':
        return table(
          ['query', 'count'],
          (await this.zeroResultSearches(range)).map((row) => [row.query, row.count]),
        );
      case 'active-users-per-country':
        return table(
          ['country', 'users'],
          (await this.activeUsersPerCountry(range)).map((row) => [row.country, row.users]),
        );
      case 'registrations-per-week':
        return table(
          ['weekStart', 'count'],
          (await this.registrationsPerWeek(range)).map((row) => [row.weekStart, row.count]),
        );
    }
  }

  private async downloadsPerDay(range: InsightsRange): Promise<DownloadsPerDay[]> {
    const rows = await this.deps.repository.downloadsPerDay(range);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const days: DownloadsPerDay[] = [];
    for (let day = range.fromDay; day <= range.toDay; day++) {
      const row = byDay.get(day);
      days.push({
        day: isoDay(day),
        internal: row?.internal ?? 0,
        external: row?.external ?? 0,
        guest: row?.guest ?? 0,
      });
    }
    return days;
  }

  private async topAssets(range: InsightsRange): Promise<TopAsset[]> {
    const rows = await this.deps.repository.topAssets(range.time, INSIGHTS_TOP_SIZE);
    // An asset row is never deleted (withdrawn assets keep theirs), so a missing name is only ever
    // an event recorded against an id that never existed.
    return rows.map((row) => ({ assetId: row.assetId, name: row.name ?? '', downloads: row.downloads }));
  }

  private async topSearches(range: InsightsRange): Promise<TopSearch[]> {
    const rows = await this.deps.repository.topSearches(range.time, INSIGHTS_TOP_SIZE, false);
    return rows.map((row) => ({
      query: row.query,
      count: row.count,
      avgResults: oneDecimal(row.results / row.count),
    }));
  }

  private async zeroResultSearches(range: InsightsRange): Promise<ZeroResultSearch[]> {
    const rows = await this.deps.repository.topSearches(range.time, INSIGHTS_TOP_SIZE, true);
    return rows.map((row) => ({ query: row.query, count: row.count }));
  }

  private async activeUsersPerCountry(range: InsightsRange): Promise<ActiveUsersPerCountry[]> {
    const rows = await this.deps.repository.activeUsersPerCountry(range.time);
    const byCountry = new Map<InsightsCountry, number>();
    for (const row of rows) {
      const country = COUNTRY_ORDER.find((known) => known === row.country) ?? 'unknown';
      byCountry.set(country, (byCountry.get(country) ?? 0) + row.users);
    }
    return [...byCountry]
      .map(([country, users]) => ({ country, users }))
      .sort(
        (a, b) => b.users - a.users || COUNTRY_ORDER.indexOf(a.country) - COUNTRY_ORDER.indexOf(b.country),
      );
  }

  private async registrationsPerWeek(range: InsightsRange): Promise<RegistrationsPerWeek[]> {
    const rows = await this.deps.repository.registrationsPerWeek(range.time);
    const counts = new Map(rows.map((row) => [row.week, row.count]));
    const weekOf = (day: number) => Math.floor((day + 3) / 7);
    const weeks: RegistrationsPerWeek[] = [];
    for (let week = weekOf(range.fromDay); week <= weekOf(range.toDay); week++) {
      weeks.push({ weekStart: isoDay(week * 7 - 3), count: counts.get(week) ?? 0 });
    }
    return weeks;
  }
}
