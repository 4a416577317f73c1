import { z } from 'zod';
import { MEDIA_TYPE_IDS, type MediaType } from './media-types.js';
import { ORIENTATIONS, RESULT_SORTS, VIEW_CODES, type ViewCode } from './result-filter-values.js';

/**
 * Issue 22.2 "Filter and sort": filters of a search result besides the category filter, the
 * result order, and the counts the filter panel shows next to each value.
 */

const UNKNOWN = { error: 'search.errors.unknownFilter' } as const;
/** A calendar day, YYYY-MM-DD (2026-02-30 is not one). */
const IsoDate = z.string().refine(
  (text) => {
    const day = new Date(`${text}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
    );
  },
  { error: 'search.errors.badDate' },
);

export const ResultFilters = z
  .object({
    /** Assets with a file of any of these media types. */
    mediaTypes: z
      .array(z.number().refine((id) => MEDIA_TYPE_IDS.includes(id as MediaType), UNKNOWN))
      .max(20)
      .optional(),
    /** Assets whose GS1 view (image category) is any of these codes. */
    views: z
      .array(z.string().refine((code) => VIEW_CODES.includes(code as ViewCode), UNKNOWN))
      .max(20)
      .optional(),
    /** Of the main file's pixels; square within 1 %. */
    orientation: z.array(z.enum(ORIENTATIONS, UNKNOWN)).max(3).optional(),
    gtin: z.enum(['with', 'without'], UNKNOWN).optional(),
    /** Created within the last this many days (the panel offers NEW_WITHIN_DAYS). */
    newerThanDays: z.number().int().min(1).max(3650).optional(),
    /** Created on or after / on or before these days (UTC, inclusive). */
    dateFrom: IsoDate.optional(),
    dateTo: IsoDate.optional(),
  })
  .refine((filters) => !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo, {
    error: 'search.errors.dateRange',
    path: ['dateTo'],
  });
export type ResultFilters = z.input<typeof ResultFilters>;

export const ResultSortSchema = z.enum(RESULT_SORTS, { error: 'search.errors.unknownSort' });

const Counts = z.record(z.string(), z.number().int());

/**
 * Matches per filter value, each counted with every OTHER filter (and the categories) applied, so
 * a count says what choosing that value would give. Estimates when `estimate` (shares of the
 * newest matches times the estimated total), exact otherwise.
 */
export const FilterCounts = z.object({
  /** Media type id → assets with such a file. */
  mediaTypes: Counts,
  /** View code → assets. */
  views: Counts,
  orientation: Counts,
  /** 'with' / 'without' → assets. */
  gtin: Counts,
  /** Created within NEW_WITHIN_DAYS days (date filters aside). */
  newest: z.number().int(),
  estimate: z.boolean(),
});
export type FilterCounts = z.infer<typeof FilterCounts>;
