import { PRODUCT_VIEW_ORDER } from '@mediabox/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** One visible view of a product: which asset, in which place of the product's view order. */
export interface ProductViewRow {
  assetId: number;
  gtinNumber: number;
  /** Visible views of the product in the root, also beyond the limit. */
  viewCount: number;
}

/**
 * The view order as SQL: the place of the image category in PRODUCT_VIEW_ORDER, uncategorised
 * last; then the newest version and variant first, then the asset id, so the order never wobbles.
 */
const viewRank = sql.join(
  PRODUCT_VIEW_ORDER.map((category, index) => sql`when ${sql.lit(category)} then ${sql.lit(index)}`),
  sql` `,
);
const VIEW_ORDER = sql`case a.image_category ${viewRank} else ${sql.lit(PRODUCT_VIEW_ORDER.length)} end,
  coalesce(a.version, 1) desc, coalesce(a.variant, 1), a.id`;

/** The SQL behind `POST /api/products/views` (issue 22.7). */
export class ProductViewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The visible assets of these GTINs (numeric form) in one country root, in view order, at most
   * `limit` per GTIN: one query for all GTINs, on the `assets_gtin_number` index. Visible as
   * everywhere in the catalogue: not withdrawn and with a current file.
   */
  async viewsOf(gtinNumbers: number[], rootId: number, limit: number): Promise<ProductViewRow[]> {
    if (gtinNumbers.length === 0) return [];
    const result = await sql<{ id: number; gtin_number: number | string; view_count: number | string }>`
      select id, gtin_number, view_count from (
        select a.id, a.gtin_number,
          row_number() over (partition by a.gtin_number order by ${VIEW_ORDER}) as place,
          count(*) over (partition by a.gtin_number) as view_count
        from assets a
        where a.gtin_number in (${sql.join(gtinNumbers)})
          and a.root_id = ${rootId}
          and a.withdrawn_at is null
          and exists (select 1 from asset_files f where f.asset_id = a.id and f.is_current = 1)
      ) ranked
      where place <= ${limit}
      order by gtin_number, place
    `.execute(this.db);
    // PostgreSQL answers bigint columns and counts as text.
    return result.rows.map((row) => ({
      assetId: Number(row.id),
      gtinNumber: Number(row.gtin_number),
      viewCount: Number(row.view_count),
    }));
  }
}
