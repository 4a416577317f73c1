import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { VocabularyTerm } from './vocabulary.js';

const TERMS_PER_INSERT = 500;

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

  /** Indexed documents of the root (and categories) with an id from `minId` on: an index range count. */
  async documentsFrom(rootId: number, categories: number[] | undefined, minId: number): Promise<number> {
    let query = this.db
      .selectFrom('search_documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('root_id', '=', rootId)
      .where('asset_id', '>=', minId);
    if (categories) query = query.where('top_category_id', 'in', categories);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** How many of these documents lie in each top category. */
  async categoryCounts(assetIds: number[]): Promise<{ nodeId: number; count: number }[]> {
    const counts = new Map<number, number>();
    for (let start = 0; start < assetIds.length; start += 1000) {
      const rows = await this.db
        .selectFrom('search_documents')
        .select(['top_category_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('asset_id', 'in', assetIds.slice(start, start + 1000))
        .where('top_category_id', 'is not', null)
        .groupBy('top_category_id')
        .execute();
      for (const row of rows) {
        const nodeId = row.top_category_id!;
        counts.set(nodeId, (counts.get(nodeId) ?? 0) + Number(row.count));
      }
    }
    return [...counts].map(([nodeId, count]) => ({ nodeId, count }));
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
