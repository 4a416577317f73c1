import { z } from 'zod';
import { ErrorCodes } from './error-codes.js';

/**
 * Usage insights for super users (issue 6): `GET /api/admin/insights` and one CSV per series under
 * `/api/admin/insights/{series}.csv`. Days are UTC calendar days, both ends inclusive; weeks start
 * on Monday (UTC).
 */

/** Without `from`/`to` the answer covers the last 30 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 30;
/** A leap year: a whole year is always allowed, more would make every chart unreadable. */
export const INSIGHTS_MAX_DAYS = 366;
/** Length of the top lists (assets, searches, zero-result searches). */
export const INSIGHTS_TOP_SIZE = 10;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is refused, not rolled over into March). */
export const IsoDay = z.string().refine(
  (value) => {
    if (!DAY_PATTERN.test(value)) return false;
    const time = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
  },
  { error: ErrorCodes.insightsInvalidDay },
);

/** Range rules beyond the format (from <= to, at most 366 days) are the server's, after defaults. */
export const InsightsQuery = z.object({
  from: IsoDay.optional(),
  to: IsoDay.optional(),
});
export type InsightsQuery = z.input<typeof InsightsQuery>;

export const INSIGHTS_SERIES = [
  'downloads-per-day',
  'top-assets',
  'top-searches',
  'zero-result-searches',
  'active-users-per-country',
  'registrations-per-week',
] as const;
export const InsightsSeries = z.enum(INSIGHTS_SERIES);
export type InsightsSeries = z.infer<typeof InsightsSeries>;

export const InsightsCsvParams = z.object({ series: InsightsSeries });

/** Countries of the app (spec 2.1) plus `unknown` for page views that named none. */
export const InsightsCountry = z.enum(['de', 'at', 'ch', 'unknown']);
export type InsightsCountry = z.infer<typeof InsightsCountry>;

export const DownloadsPerDay = z.object({
  day: z.string(),
  internal: z.number().int(),
  external: z.number().int(),
  guest: z.number().int(),
});
export type DownloadsPerDay = z.infer<typeof DownloadsPerDay>;

/** A bundle download counts once for every asset in it; a single-file download for its asset. */
export const TopAsset = z.object({
  assetId: z.number().int(),
  /** The German name (the catalogue's name that is always set). */
  name: z.string(),
  downloads: z.number().int(),
});
export type TopAsset = z.infer<typeof TopAsset>;

export const TopSearch = z.object({
  query: z.string(),
  count: z.number().int(),
  /** Mean result count, one decimal. */
  avgResults: z.number(),
});
export type TopSearch = z.infer<typeof TopSearch>;

export const ZeroResultSearch = z.object({ query: z.string(), count: z.number().int() });
export type ZeroResultSearch = z.infer<typeof ZeroResultSearch>;

/** Distinct signed-in users with page views (only users who consented are ever recorded by id). */
export const ActiveUsersPerCountry = z.object({ country: InsightsCountry, users: z.number().int() });
export type ActiveUsersPerCountry = z.infer<typeof ActiveUsersPerCountry>;

/** Every week that overlaps the range; the first may start before `from` (only days in range count). */
export const RegistrationsPerWeek = z.object({ weekStart: z.string(), count: z.number().int() });
export type RegistrationsPerWeek = z.infer<typeof RegistrationsPerWeek>;

/** `GET /api/admin/insights`: every series of the range in one answer. */
export const InsightsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, zeros included. */
  downloadsPerDay: z.array(DownloadsPerDay),
  topAssets: z.array(TopAsset),
  topSearches: z.array(TopSearch),
  zeroResultSearches: z.array(ZeroResultSearch),
  /** Countries with at least one active user, most users first. */
  activeUsersPerCountry: z.array(ActiveUsersPerCountry),
  registrationsPerWeek: z.array(RegistrationsPerWeek),
  totals: z.object({
    downloads: z.number().int(),
    searches: z.number().int(),
    pageViews: z.number().int(),
    registrations: z.number().int(),
  }),
});
export type InsightsAnswer = z.infer<typeof InsightsAnswer>;
