import {
  imageCategoryOfCode,
  IMAGE_CATEGORIES,
  MEDIA_TYPE_IDS,
  NEW_WITHIN_DAYS,
  ORIENTATIONS,
  type FilterCounts,
  type ResultFilters,
} from '@mediabox/contract';
import type { z } from 'zod';
import { mediaTypeBit, ORIENTATION_CODES } from './search-filter-columns.js';

const DAY_MS = 86_400_000;

/** One indexed document's filter columns (search_documents), as the filters test them. */
export interface DocumentFacts {
  id: number;
  topCategoryId: number | null;
  hasGtin: boolean;
  mediaTypes: number;
  imageView: number | null;
  orientation: number | null;
  createdAt: number;
}

/**
 * The request's filters in the index's terms (bits, codes, epoch ms). Every field absent is no
 * filter; within a field any value matches (or), fields all have to match (and).
 */
export interface ActiveFilters {
  mediaTypeBits?: number;
  imageViews?: ReadonlySet<number>;
  orientations?: ReadonlySet<number>;
  hasGtin?: boolean;
  /** Created at or after (epoch ms). */
  createdFrom?: number;
  /** Created before (epoch ms). */
  createdBefore?: number;
}

type Dimension = 'category' | 'mediaTypes' | 'views' | 'orientation' | 'gtin' | 'date';

/** The contract's filters as ActiveFilters, or undefined when they filter nothing. */
export function activeFilters(
  filters: z.output<typeof ResultFilters> | undefined,
  now: number,
): ActiveFilters | undefined {
  if (!filters) return undefined;
  const active: ActiveFilters = {};
  if (filters.mediaTypes?.length)
    active.mediaTypeBits = filters.mediaTypes.reduce((bits, type) => bits | mediaTypeBit(type), 0);
  if (filters.views?.length)
    active.imageViews = new Set(filters.views.map((code) => Number(imageCategoryOfCode(code))));
  if (filters.orientation?.length)
    active.orientations = new Set(filters.orientation.map((name) => ORIENTATION_CODES[name]));
  if (filters.gtin) active.hasGtin = filters.gtin === 'with';
  const froms = [
    filters.newerThanDays === undefined ? undefined : now - filters.newerThanDays * DAY_MS,
    filters.dateFrom === undefined ? undefined : Date.parse(`${filters.dateFrom}T00:00:00Z`),
  ].filter((from): from is number => from !== undefined);
  if (froms.length > 0) active.createdFrom = Math.max(...froms);
  if (filters.dateTo !== undefined) active.createdBefore = Date.parse(`${filters.dateTo}T00:00:00Z`) + DAY_MS;
  return Object.keys(active).length > 0 ? active : undefined;
}

/** What the filters test besides the creation time: a document's columns, or a group's alike. */
type FilterColumns = Pick<
  DocumentFacts,
  'topCategoryId' | 'hasGtin' | 'mediaTypes' | 'imageView' | 'orientation'
>;

/**
 * Sampled documents alike in every filter column, and how many they are: what a grouped read
 * returns (a few rows instead of up to 2,000). The creation time is kept as the two tests that
 * the counts make of it.
 */
export interface FactGroup extends FilterColumns {
  /** Created within NEW_WITHIN_DAYS of now. */
  isNew: boolean;
  /** Within the date filter's range (true without one). */
  inDateRange: boolean;
  count: number;
}

/** Whether a document passes the filters and categories, leaving out one dimension (for its counts). */
export function passes(
  facts: DocumentFacts,
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  except?: Dimension,
): boolean {
  return (
    passesColumns(facts, filters, categories, except) &&
    (except === 'date' || inDateRange(facts.createdAt, filters))
  );
}

/** Whether a group of alike documents passes, as passes() tests each of them. */
export function groupPasses(
  group: FactGroup,
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  except?: Dimension,
): boolean {
  return passesColumns(group, filters, categories, except) && (except === 'date' || group.inDateRange);
}

/** Whether a creation time (epoch ms) lies within the date filter (any does without one). */
export function inDateRange(createdAt: number, filters: ActiveFilters | undefined): boolean {
  if (filters?.createdFrom !== undefined && createdAt < filters.createdFrom) return false;
  if (filters?.createdBefore !== undefined && createdAt >= filters.createdBefore) return false;
  return true;
}

/** The start of "new" (created within NEW_WITHIN_DAYS) as epoch ms. */
export function newSince(now: number): number {
  return now - NEW_WITHIN_DAYS * DAY_MS;
}

function passesColumns(
  facts: FilterColumns,
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  except: Dimension | undefined,
): boolean {
  if (except !== 'category' && categories && !categories.has(facts.topCategoryId ?? -1)) return false;
  if (!filters) return true;
  if (
    except !== 'mediaTypes' &&
    filters.mediaTypeBits !== undefined &&
    (facts.mediaTypes & filters.mediaTypeBits) === 0
  )
    return false;
  if (except !== 'views' && filters.imageViews && !filters.imageViews.has(facts.imageView ?? -1))
    return false;
  if (except !== 'orientation' && filters.orientations && !filters.orientations.has(facts.orientation ?? -1))
    return false;
  if (except !== 'gtin' && filters.hasGtin !== undefined && facts.hasGtin !== filters.hasGtin) return false;
  return true;
}

/** Documents (read one by one) as the groups a grouped read would have returned for them. */
export function groupFacts(
  facts: Iterable<DocumentFacts>,
  filters: ActiveFilters | undefined,
  now: number,
): FactGroup[] {
  const newFrom = newSince(now);
  const groups = new Map<string, FactGroup>();
  for (const document of facts) {
    const isNew = document.createdAt >= newFrom;
    const inRange = inDateRange(document.createdAt, filters);
    const key = [
      document.topCategoryId,
      document.hasGtin,
      document.mediaTypes,
      document.imageView,
      document.orientation,
      isNew,
      inRange,
    ].join();
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, {
        topCategoryId: document.topCategoryId,
        hasGtin: document.hasGtin,
        mediaTypes: document.mediaTypes,
        imageView: document.imageView,
        orientation: document.orientation,
        isNew,
        inDateRange: inRange,
        count: 1,
      });
  }
  return [...groups.values()];
}

/** Matches per filter value, tallied before scaling (see filterCounts). */
interface FilterTallies {
  /** By media type bit pattern (the column's value): a document counts for each of its bits. */
  mediaTypeBits: Map<number, number>;
  views: Map<number, number>;
  orientation: Map<number, number>;
  withGtin: number;
  withoutGtin: number;
  newest: number;
}

function emptyTallies(): FilterTallies {
  return {
    mediaTypeBits: new Map(),
    views: new Map(),
    orientation: new Map(),
    withGtin: 0,
    withoutGtin: 0,
    newest: 0,
  };
}

const add = <K>(counts: Map<K, number>, key: K, count: number) =>
  counts.set(key, (counts.get(key) ?? 0) + count);

/**
 * Matches per filter value, each with every other filter and the categories applied, from the
 * grouped facts of the matches (all of them, or the newest ones when `scale` extrapolates to an
 * estimate).
 */
export function filterCounts(
  groups: FactGroup[],
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  estimate: { scale: number } | null,
): FilterCounts {
  const tallies = emptyTallies();
  for (const group of groups) {
    const { count } = group;
    if (groupPasses(group, filters, categories, 'mediaTypes'))
      add(tallies.mediaTypeBits, group.mediaTypes, count);
    if (group.imageView !== null && groupPasses(group, filters, categories, 'views'))
      add(tallies.views, group.imageView, count);
    if (group.orientation !== null && groupPasses(group, filters, categories, 'orientation'))
      add(tallies.orientation, group.orientation, count);
    if (groupPasses(group, filters, categories, 'gtin')) {
      if (group.hasGtin) tallies.withGtin += count;
      else tallies.withoutGtin += count;
    }
    if (group.isNew && groupPasses(group, filters, categories, 'date')) tallies.newest += count;
  }
  return countsOfTallies(tallies, estimate);
}

/** The answer's filterCounts from tallies, scaled when the total is an estimate. */
function countsOfTallies(tallies: FilterTallies, estimate: { scale: number } | null): FilterCounts {
  const scale = estimate?.scale ?? 1;
  const mediaTypes = new Map<number, number>();
  for (const [bits, count] of tallies.mediaTypeBits) {
    for (const type of MEDIA_TYPE_IDS) if (bits & mediaTypeBit(type)) add(mediaTypes, type, count);
  }
  const scaled = (count: number) => Math.round(count * scale);
  const record = <K>(counts: Map<K, number>, key: (value: K) => string | undefined) =>
    Object.fromEntries(
      [...counts].flatMap(([value, count]) => {
        const name = key(value);
        return name === undefined ? [] : [[name, scaled(count)]];
      }),
    );
  return {
    mediaTypes: record(mediaTypes, String),
    views: record(tallies.views, (id) => IMAGE_CATEGORIES[id as keyof typeof IMAGE_CATEGORIES]?.code),
    orientation: record(tallies.orientation, (code) =>
      ORIENTATIONS.find((name) => ORIENTATION_CODES[name] === code),
    ),
    gtin: { with: scaled(tallies.withGtin), without: scaled(tallies.withoutGtin) },
    newest: scaled(tallies.newest),
    estimate: estimate !== null,
  };
}
