import { INSIGHTS_DEFAULT_DAYS } from '@mediabox/contract';

/** A range of UTC days as the API takes it (`YYYY-MM-DD`, both ends inclusive). */
export interface InsightsRange {
  from: string;
  to: string;
}

/** The quick choices of the range picker: a number of days, or a year counted by the calendar. */
export const QUICK_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a moment: the server counts days in UTC, so the picker must too. */
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Well-formed and a real calendar day (2026-02-30 is not). */
const isDay = (value: string): boolean =>
  ISO_DAY.test(value) && Number.isFinite(dayStart(value)) && isoDay(dayStart(value)) === value;

/** `day` moved by `days` (negative: back); only called with well-formed days. */
export const addDays = (day: string, days: number): string => isoDay(dayStart(day) + days * DAY_MS);

/** The range of a quick choice, ending today (UTC). */
export function quickRange(choice: QuickRange, now = Date.now()): InsightsRange {
  const to = isoDay(now);
  if (choice === '12m') {
    // One calendar year back, plus a day so that both ends inclusive make exactly a year.
    const start = new Date(dayStart(to));
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    return { from: addDays(isoDay(start.getTime()), 1), to };
  }
  return { from: addDays(to, -(Number.parseInt(choice, 10) - 1)), to };
}

/**
 * The range of the address (`?from&to`), with the server's defaults filled in so that the request,
 * the inputs and the CSV links all name the same days. Malformed values are passed on unchanged:
 * the server refuses them with a translated error, which is better than silently ignoring them.
 */
export function rangeFromSearch(search: URLSearchParams, now = Date.now()): InsightsRange {
  const to = search.get('to') || isoDay(now);
  // From a malformed `to` no day can be counted back; the server will refuse `to` anyway.
  const end = isDay(to) ? to : isoDay(now);
  return { from: search.get('from') || addDays(end, -(INSIGHTS_DEFAULT_DAYS - 1)), to };
}

/** Which quick choice a range is, if any (its button shows as pressed). */
export function quickRangeOf(range: InsightsRange, now = Date.now()): QuickRange | undefined {
  return QUICK_RANGES.find((choice) => {
    const candidate = quickRange(choice, now);
    return candidate.from === range.from && candidate.to === range.to;
  });
}
