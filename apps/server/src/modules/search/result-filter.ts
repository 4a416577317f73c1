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

/** Whether a document passes the filters and categories, leaving out one dimension (for its counts). */
export function passes(
  facts: DocumentFacts,
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  except?: Dimension,
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
  if (except !== 'date') {
    if (filters.createdFrom !== undefined && facts.createdAt < filters.createdFrom) return false;
    if (filters.createdBefore !== undefined && facts.createdAt >= filters.createdBefore) return false;
  }
  return true;
}

/**
 * Matches per filter value, each with every other filter and the categories applied, from the
 * facts of the matches (all of them, or the newest ones when `scale` extrapolates to an estimate).
 */
export function filterCounts(
  facts: DocumentFacts[],
  filters: ActiveFilters | undefined,
  categories: ReadonlySet<number> | undefined,
  now: number,
  estimate: { scale: number } | null,
): FilterCounts {
  const scale = estimate?.scale ?? 1;
  const mediaTypes = new Map<number, number>();
  const views = new Map<number, number>();
  const orientation = new Map<number, number>();
  let withGtin = 0;
  let withoutGtin = 0;
  let newest = 0;
  const newFrom = now - NEW_WITHIN_DAYS * DAY_MS;
  for (const document of facts) {
    if (passes(document, filters, categories, 'mediaTypes')) {
      for (const type of MEDIA_TYPE_IDS) {
        if (document.mediaTypes & mediaTypeBit(type)) mediaTypes.set(type, (mediaTypes.get(type) ?? 0) + 1);
      }
    }
    if (document.imageView !== null && passes(document, filters, categories, 'views'))
      views.set(document.imageView, (views.get(document.imageView) ?? 0) + 1);
    if (document.orientation !== null && passes(document, filters, categories, 'orientation'))
      orientation.set(document.orientation, (orientation.get(document.orientation) ?? 0) + 1);
    if (passes(document, filters, categories, 'gtin')) {
      if (document.hasGtin) withGtin += 1;
      else withoutGtin += 1;
    }
    if (document.createdAt >= newFrom && passes(document, filters, categories, 'date')) newest += 1;
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
    views: record(views, (id) => IMAGE_CATEGORIES[id as keyof typeof IMAGE_CATEGORIES]?.code),
    orientation: record(orientation, (code) => ORIENTATIONS.find((name) => ORIENTATION_CODES[name] === code)),
    gtin: { with: scaled(withGtin), without: scaled(withoutGtin) },
    newest: scaled(newest),
    estimate: estimate !== null,
  };
}
