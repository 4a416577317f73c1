import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { toTsQuery, type MatchExpression } from './match-expression.js';
import type { ActiveFilters } from './result-filter.js';
import type { NewestOptions } from './search-backend.js';

/**
 * Fetching one match through the GIN index costs about as much as testing this many documents
 * while walking the newest ones: the bitmap heap scan visits a random page per match and tests
 * the document again (GIN answers tsquery only approximately), a walk reads its pages in order.
 * At 1M assets, 501 matches of a 1.7 % expression: walk (30,000 documents) 12–20 ms, GIN (all
 * 5,000 matches) 24–38 ms; a ratio of 4 had picked GIN there.
 */
const MATCH_COST_IN_ROWS = 8;
/**
 * The first stretch of a walk, in documents: enough to measure how often the expression matches
 * (words of a brand name come together, other pairs rarely: the vocabulary cannot tell).
 */
const PROBE_ROWS = 2000;
/** A further stretch reads this much more than the measured density says it needs. */
const WALK_SLACK = 1.25;

/** `and top_category_id in (…)`, or nothing without categories. */
export function categoryFilter(categoryIds: number[] | undefined) {
  return categoryIds?.length
    ? sql`and top_category_id in (${sql.join(categoryIds.map((id) => Math.trunc(id)))})`
    : sql``;
}

/**
 * The result filters (issue 22.2) as SQL over search_documents' filter columns, testing what
 * result-filter.ts `passes` tests; nothing without filters.
 */
export function resultFilter(filters: ActiveFilters | undefined) {
  if (!filters) return sql``;
  const numbers = (values: Iterable<number>) => sql.join([...values].map((value) => Math.trunc(value)));
  const created = sql`coalesce(created_at, 0)`;
  return sql.join(
    [
      sql``,
      ...(filters.mediaTypeBits === undefined
        ? []
        : [sql`(coalesce(media_types, 0) & ${Math.trunc(filters.mediaTypeBits)}) <> 0`]),
      ...(filters.imageViews
        ? [filters.imageViews.size ? sql`image_view in (${numbers(filters.imageViews)})` : sql`false`]
        : []),
      ...(filters.orientations
        ? [filters.orientations.size ? sql`orientation in (${numbers(filters.orientations)})` : sql`false`]
        : []),
      ...(filters.hasGtin === undefined
        ? []
        : [filters.hasGtin ? sql`gtin_number is not null` : sql`gtin_number is null`]),
      ...(filters.createdFrom === undefined ? [] : [sql`${created} >= ${Math.trunc(filters.createdFrom)}`]),
      ...(filters.createdBefore === undefined
        ? []
        : [sql`${created} < ${Math.trunc(filters.createdBefore)}`]),
    ],
    sql` and `,
  );
}

/**
 * The newest matches of an expression in one root's partition. GIN answers every match in storage
 * order, and ordering them costs a heap visit each: for a common expression, hundreds of thousands
 * of visits for 2,000 ids (p95 509 ms at 1M assets). When the vocabulary allows a common
 * expression, the root's documents are walked newest first instead, in id stretches, stopping at
 * enough matches; after each stretch the density measured so far decides whether walking on or
 * fetching the remaining (older) matches through GIN costs less. Either way the answer is the same.
 */
export class PostgresNewestMatches {
  constructor(private readonly db: Kysely<Database>) {}

  async newestIds(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    limit: number,
    options: NewestOptions = {},
  ): Promise<number[]> {
    const { hint, filters } = options;
    const target = Math.min(options.enough ?? limit, limit);
    // Filters are tested in the same query: a walk finds passing matches only, GIN still reads
    // every match of the expression (it knows nothing of the filter columns).
    const passing = filters ? Math.min(Math.max(options.passingShare ?? 1, 0), 1) : 1;
    if (!hint || !walkMayPay(target, hint.maxShare * passing, hint.maxShare, hint.documents)) {
      return this.matched(rootId, hint?.spelledOut ?? expression, categoryIds, filters, limit, null);
    }
    const idsPerRow = Math.max(hint.maxId - hint.minId + 1, 1) / Math.max(hint.documents, 1);
    const found: number[] = [];
    // One word: its count says how far to walk. Several: they may come together or not, so a
    // probe measures first.
    const passingShare = hint.maxShare * passing;
    let rows =
      hint.share >= hint.maxShare
        ? Math.ceil((target / passingShare) * WALK_SLACK)
        : Math.min(Math.ceil(target / passingShare), PROBE_ROWS);
    let walked = 0;
    // Null: no upper bound, so documents indexed since the hint's counts are walked too.
    let below: number | null = null;
    for (;;) {
      const top = below ?? hint.maxId + 1;
      const from = Math.min(Math.floor(top - rows * idsPerRow), top - 1);
      // The last stretch has no lower bound either, for the same reason.
      const low = from <= hint.minId ? null : from;
      found.push(
        ...(await this.walk(rootId, expression, categoryIds, filters, low, below, target - found.length)),
      );
      if (found.length >= target || low === null) return found;
      walked += (top - low) / idsPerRow;
      below = low;
      const density = found.length / walked;
      const remaining = Math.max(hint.documents - walked, 0);
      if (!walkMayPay(target - found.length, density, density / passing, remaining)) {
        const older = await this.matched(
          rootId,
          hint.spelledOut,
          categoryIds,
          filters,
          limit - found.length,
          below,
        );
        return found.concat(older);
      }
      rows = Math.ceil(((target - found.length) / density) * WALK_SLACK);
    }
  }

  /**
   * The matches among the root's documents with ids in [low, below), newest first, at most
   * `limit`. ts_match_vq is the function behind `@@`: as a function call it cannot use the GIN
   * index, so the plan is the primary key's range walked backwards, stopping at `limit`.
   */
  private async walk(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    filters: ActiveFilters | undefined,
    low: number | null,
    below: number | null,
    limit: number,
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`
      select asset_id as id from search_documents
      where root_id = ${rootId} ${categoryFilter(categoryIds)} ${resultFilter(filters)}
        ${low === null ? sql`` : sql`and asset_id >= ${low}`}
        ${below === null ? sql`` : sql`and asset_id < ${below}`}
        and ts_match_vq(document, to_tsquery('simple', ${toTsQuery(expression)}))
      order by asset_id desc limit ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  /** Every match below `below` through the GIN index, the newest `limit` kept. */
  private async matched(
    rootId: number,
    expression: MatchExpression,
    categoryIds: number[] | undefined,
    filters: ActiveFilters | undefined,
    limit: number,
    below: number | null,
  ): Promise<number[]> {
    // `asset_id + 0` keeps the planner on the GIN index alone: walking or intersecting the
    // primary key is what the walk is for.
    const result = await sql<{ id: number }>`
      select asset_id as id from search_documents
      where root_id = ${rootId} and document @@ to_tsquery('simple', ${toTsQuery(expression)})
        ${categoryFilter(categoryIds)} ${resultFilter(filters)}
        ${below === null ? sql`` : sql`and asset_id + 0 < ${below}`}
      order by asset_id + 0 desc limit ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }
}

/**
 * Whether walking to `wanted` matches costs less than fetching them through GIN from `documents`
 * documents. A walk finds them at `density` (passing any filters); GIN reads every match of the
 * expression, at `matchDensity` (the same without filters).
 */
function walkMayPay(wanted: number, density: number, matchDensity: number, documents: number): boolean {
  if (density <= 0) return false;
  return wanted / density <= MATCH_COST_IN_ROWS * matchDensity * documents;
}
