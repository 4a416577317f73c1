import { sql, type Kysely } from 'kysely';
import { foldCase } from '../../platform/db/case-fold.js';
import { isPostgres } from '../../platform/db/column-types.js';
import type { Database } from '../../platform/db/schema.js';
import { newSince, type ActiveFilters, type DocumentFacts, type FactGroup } from './result-filter.js';
import { gtinPrefixRanges } from './text-folding.js';
import type { VocabularyTerm } from './vocabulary.js';

const TERMS_PER_INSERT = 500;
/** Categories nest a few levels; a deeper chain would be a cycle in bad data. */
const MAX_CATEGORY_DEPTH = 12;

/** A LIKE pattern for text that is matched literally (with `escape '\\'`). */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** SQL of the search index that is the same on both databases: documents' filter columns and the vocabulary. */
export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of these assets are indexed, and under which root. */
  async indexedRoots(
    db: Kysely<Database>,
    assetIds: number[],
  ): Promise<{ assetId: number; rootId: number }[]> {
    const found: { assetId: number; rootId: number }[] = [];
    for (let start = 0; start < assetIds.length; start += 500) {
      const rows = await db
        .selectFrom('search_documents')
        .select(['asset_id', 'root_id'])
        .where('asset_id', 'in', assetIds.slice(start, start + 500))
        .execute();
      for (const row of rows) found.push({ assetId: row.asset_id, rootId: row.root_id });
    }
    return found;
  }

  /** Adds terms with their document counts (counts of known terms grow). */
  async add(db: Kysely<Database>, rootId: number, terms: Map<string, number>): Promise<void> {
    const rows = [...terms].map(([term, docs]) => ({ root_id: rootId, term, docs }));
    for (let start = 0; start < rows.length; start += TERMS_PER_INSERT) {
      await db
        .insertInto('search_terms')
        .values(rows.slice(start, start + TERMS_PER_INSERT))
        .onConflict((conflict) =>
          conflict.columns(['root_id', 'term']).doUpdateSet({ docs: sql`search_terms.docs + excluded.docs` }),
        )
        .execute();
    }
  }

  async clear(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('search_terms').execute();
  }

  async load(rootId: number): Promise<VocabularyTerm[]> {
    return this.db
      .selectFrom('search_terms')
      .select(['term', 'docs'])
      .where('root_id', '=', rootId)
      .execute();
  }

  async termCount(rootId: number): Promise<number> {
    const row = await this.db
      .selectFrom('search_terms')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('root_id', '=', rootId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async isIndexEmpty(): Promise<boolean> {
    return (
      (await this.db.selectFrom('search_documents').select('asset_id').limit(1).executeTakeFirst()) ===
      undefined
    );
  }

  /** Assets of the root whose GTIN equals the number (8/12/13/14-digit spellings alike), newest first. */
  async gtinMatches(rootId: number, gtinNumber: number, categories: number[] | undefined): Promise<number[]> {
    let query = this.db
      .selectFrom('search_documents')
      .select('asset_id')
      .where('gtin_number', '=', gtinNumber)
      .where('root_id', '=', rootId);
    if (categories) query = query.where('top_category_id', 'in', categories);
    const rows = await query.orderBy('asset_id', 'desc').limit(50).execute();
    return rows.map((row) => row.asset_id);
  }

  /**
   * Assets of the root whose GTIN starts with these digits (typed without leading zeros), newest
   * first: one range scan of the gtin_number index per possible GTIN length, sorted here. Ordering
   * in SQL, or an indexable `root_id =` (hence `+root_id` on SQLite), would tempt the planner to
   * walk the root's ids instead, testing every row (15 ms at 100k assets when no GTIN matches).
   * PostgreSQL needs `root_id =` to pick the root's partition, where it filters nothing more.
   */
  async gtinPrefixMatches(
    rootId: number,
    digits: string,
    categories: number[] | undefined,
    limit: number,
  ): Promise<number[]> {
    const categoryFilter = categories
      ? sql`and top_category_id in (${sql.join(categories.map((id) => Math.trunc(id)))})`
      : sql``;
    const root = isPostgres(this.db as unknown as Kysely<unknown>)
      ? sql`root_id = ${rootId}`
      : sql`+root_id = ${rootId}`;
    const ranges = gtinPrefixRanges(digits).map(
      ([low, high]) =>
        sql`select asset_id from search_documents where gtin_number >= ${low} and gtin_number <= ${high} and ${root} ${categoryFilter}`,
    );
    const result = await sql<{ asset_id: number }>`${sql.join(ranges, sql` union all `)}`.execute(this.db);
    return result.rows
      .map((row) => Number(row.asset_id))
      .sort((a, b) => b - a)
      .slice(0, limit);
  }

  /**
   * Indexed documents of the root (and categories) with an id from `id` on (`newer`) or below it:
   * an index range count, stopped at `cap` (a range count costs its length).
   */
  async documentsAround(
    rootId: number,
    categories: number[] | undefined,
    id: number,
    newer: boolean,
    cap: number,
  ): Promise<number> {
    const categoryFilter = categories
      ? sql`and top_category_id in (${sql.join(categories.map((category) => Math.trunc(category)))})`
      : sql``;
    const range = newer ? sql`asset_id >= ${id}` : sql`asset_id < ${id}`;
    const result = await sql<{ count: number | string }>`
      select count(*) as count from (
        select 1 as one from search_documents where root_id = ${rootId} and ${range} ${categoryFilter}
        limit ${Math.trunc(cap)}
      ) capped`.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }

  /** The root's (and categories') indexed documents: how many, and their lowest and highest id. */
  async documentSpan(
    rootId: number,
    categories: number[] | undefined,
  ): Promise<{ count: number; minId: number; maxId: number }> {
    let query = this.db
      .selectFrom('search_documents')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min('asset_id').as('min_id'),
        eb.fn.max('asset_id').as('max_id'),
      ])
      .where('root_id', '=', rootId);
    if (categories) query = query.where('top_category_id', 'in', categories);
    const row = await query.executeTakeFirstOrThrow();
    return { count: Number(row.count), minId: Number(row.min_id ?? 0), maxId: Number(row.max_id ?? 0) };
  }

  /**
   * How many of these documents (of one root) lie in each top category: one query whatever the
   * number of ids (a JSON array on SQLite, an int array on PostgreSQL: one parameter instead of
   * thousands). On PostgreSQL the root picks its partition, whose primary key holds the category
   * (index-only). SQLite probes ids without it: `root_id =` could tempt it to read the root's
   * whole (root_id, top_category_id, asset_id) index instead.
   */
  async categoryCounts(rootId: number, assetIds: number[]): Promise<{ nodeId: number; count: number }[]> {
    if (assetIds.length === 0) return [];
    const { idList, root } = this.idsAndRoot(rootId, assetIds);
    const result = await sql<{ node_id: number; count: number | string }>`
      select top_category_id as node_id, count(*) as count from search_documents
      where ${root} and asset_id in (${idList}) and top_category_id is not null
      group by top_category_id`.execute(this.db);
    return result.rows.map((row) => ({ nodeId: Number(row.node_id), count: Number(row.count) }));
  }

  /**
   * The filter columns of these documents (of one root), by id: one query whatever the number of
   * ids, like categoryCounts, whose place it takes when counts per filter value are wanted too.
   * On PostgreSQL the partition's primary key carries the columns (index-only).
   */
  async documentFacts(rootId: number, assetIds: number[]): Promise<Map<number, DocumentFacts>> {
    if (assetIds.length === 0) return new Map();
    const { idList, root } = this.idsAndRoot(rootId, assetIds);
    const result = await sql<{
      asset_id: number;
      top_category_id: number | null;
      gtin_number: number | string | null;
      media_types: number | null;
      image_view: number | null;
      orientation: number | null;
      created_at: number | string | null;
    }>`
      select asset_id, top_category_id, gtin_number, media_types, image_view, orientation, created_at
      from search_documents where ${root} and asset_id in (${idList})`.execute(this.db);
    return new Map(
      result.rows.map((row) => [
        Number(row.asset_id),
        {
          id: Number(row.asset_id),
          topCategoryId: row.top_category_id === null ? null : Number(row.top_category_id),
          hasGtin: row.gtin_number !== null,
          mediaTypes: Number(row.media_types ?? 0),
          imageView: row.image_view === null ? null : Number(row.image_view),
          orientation: row.orientation === null ? null : Number(row.orientation),
          createdAt: Number(row.created_at ?? 0),
        },
      ]),
    );
  }

  /** These documents' ids as one parameter, and the root test (see categoryCounts). */
  private idsAndRoot(rootId: number, assetIds: number[]) {
    const ids = assetIds.map((id) => Math.trunc(id));
    const postgres = isPostgres(this.db as unknown as Kysely<unknown>);
    return {
      idList: postgres
        ? sql`select unnest(${sql.val(ids)}::int[])`
        : sql`select value from json_each(${JSON.stringify(ids)})`,
      root: postgres ? sql`root_id = ${rootId}` : sql`+root_id = ${rootId}`,
    };
  }

  /**
   * These documents (of one root) grouped by everything the filter counts test: the distinct
   * combinations of filter columns with their counts, a few rows where documentFacts returns one
   * per document. The creation time enters as "new" (NEW_WITHIN_DAYS before `now`) and, only with
   * a date filter, as within its range; a missing one counts as 0, as in documentFacts.
   */
  async factGroups(
    rootId: number,
    assetIds: number[],
    filters: ActiveFilters | undefined,
    now: number,
  ): Promise<FactGroup[]> {
    if (assetIds.length === 0) return [];
    const { idList, root } = this.idsAndRoot(rootId, assetIds);
    const created = sql`coalesce(created_at, 0)`;
    const bounds = [
      ...(filters?.createdFrom === undefined ? [] : [sql`${created} >= ${Math.trunc(filters.createdFrom)}`]),
      ...(filters?.createdBefore === undefined
        ? []
        : [sql`${created} < ${Math.trunc(filters.createdBefore)}`]),
    ];
    const inRange =
      bounds.length > 0
        ? sql`, case when ${sql.join(bounds, sql` and `)} then 1 else 0 end as in_range`
        : sql``;
    const result = await sql<{
      top_category_id: number | null;
      has_gtin: number | string;
      media_types: number | string;
      image_view: number | null;
      orientation: number | null;
      is_new: number | string;
      in_range?: number | string;
      count: number | string;
    }>`
      select top_category_id, case when gtin_number is null then 0 else 1 end as has_gtin,
        coalesce(media_types, 0) as media_types, image_view, orientation,
        case when ${created} >= ${Math.trunc(newSince(now))} then 1 else 0 end as is_new ${inRange},
        count(*) as count
      from search_documents where ${root} and asset_id in (${idList})
      group by 1, 2, 3, 4, 5, 6${bounds.length > 0 ? sql`, 7` : sql``}`.execute(this.db);
    return result.rows.map((row) => ({
      topCategoryId: row.top_category_id === null ? null : Number(row.top_category_id),
      hasGtin: Number(row.has_gtin) === 1,
      mediaTypes: Number(row.media_types),
      imageView: row.image_view === null ? null : Number(row.image_view),
      orientation: row.orientation === null ? null : Number(row.orientation),
      isNew: Number(row.is_new) === 1,
      inDateRange: row.in_range === undefined ? true : Number(row.in_range) === 1,
      count: Number(row.count),
    }));
  }

  /** German names of these assets, for the name order. */
  async germanNames(assetIds: number[]): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    for (let start = 0; start < assetIds.length; start += 5000) {
      const ids = assetIds.slice(start, start + 5000).map((id) => Math.trunc(id));
      const idList = isPostgres(this.db as unknown as Kysely<unknown>)
        ? sql`select unnest(${sql.val(ids)}::int[])`
        : sql`select value from json_each(${JSON.stringify(ids)})`;
      const result = await sql<{ id: number; name_de: string }>`
        select id, name_de from assets where id in (${idList})`.execute(this.db);
      for (const row of result.rows) names.set(Number(row.id), row.name_de);
    }
    return names;
  }

  /**
   * Issue 22.3: categories of the root (not the root) whose name in `lang` starts with the text
   * typed or has a word starting with it, shortest names first, each with the names of its
   * ancestors below the root. Nodes are a few thousand at most: a scan of their names is cheap.
   */
  async categoriesNamed(
    rootId: number,
    text: string,
    lang: 'de' | 'en' | 'fr',
    limit: number,
  ): Promise<{ id: number; name: string; path: string[] }[]> {
    const typed = text.trim();
    if (typed.length < 2) return [];
    const dialect = isPostgres(this.db as unknown as Kysely<unknown>) ? 'postgres' : 'sqlite';
    const column = `name_${lang}` as const;
    const name = foldCase(dialect, sql.ref<string>(column));
    const start = foldCase(dialect, `${literal(typed)}%`);
    const word = foldCase(dialect, `% ${literal(typed)}%`);
    const rows = await this.db
      .selectFrom('nodes')
      .select(['id', 'parent_id', column])
      .where('root_id', '=', rootId)
      .where('parent_id', 'is not', null)
      .where(sql<boolean>`(${name} like ${start} escape '\\' or ${name} like ${word} escape '\\')`)
      .orderBy(sql`length(${sql.ref(column)})`)
      .orderBy('id')
      .limit(limit)
      .execute();
    const names = new Map<number, { name: string; parentId: number | null }>();
    let missing = rows.map((row) => row.parent_id).filter((id): id is number => id !== null);
    for (let depth = 0; missing.length > 0 && depth < MAX_CATEGORY_DEPTH; depth += 1) {
      const parents = await this.db
        .selectFrom('nodes')
        .select(['id', 'parent_id', column])
        .where('id', 'in', missing)
        .execute();
      for (const parent of parents)
        names.set(parent.id, { name: parent[column], parentId: parent.parent_id });
      missing = parents
        .map((parent) => parent.parent_id)
        .filter((id): id is number => id !== null && !names.has(id));
    }
    return rows.map((row) => {
      const path: string[] = [];
      // Walk up to the root, which is left out (every suggestion is of the same country).
      for (let id = row.parent_id, depth = 0; id !== null && depth < MAX_CATEGORY_DEPTH; depth += 1) {
        const parent = names.get(id);
        if (!parent || parent.parentId === null) break;
        path.unshift(parent.name);
        id = parent.parentId;
      }
      return { id: row.id, name: row[column], path };
    });
  }

  /** Names of nodes (the facets' top categories) in all three languages. */
  async nodeNames(ids: number[]): Promise<Map<number, { de: string; en: string; fr: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('nodes')
      .select(['id', 'name_de', 'name_en', 'name_fr'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, { de: row.name_de, en: row.name_en, fr: row.name_fr }]));
  }
}
