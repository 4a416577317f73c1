import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.js';

/**
 * Issue 22.2 "Filter and sort": what the result filters test, kept with each indexed document so
 * that a search filters its sampled matches by their search_documents rows alone (no join of
 * assets and files per match).
 *
 * - `media_types`: a bit per media type the asset has a current file of (1100 → 1, 1200 → 2,
 *   1300 → 4, 1400 → 8, 1500 → 16; the order of MEDIA_TYPE_IDS).
 * - `image_view`: the asset's image category (1–12, GS1 view), or null.
 * - `orientation`: of the main file's pixels: 1 portrait, 2 landscape, 3 square (within 1 %), null unknown.
 * - `created_at`: the asset's, for "new" and date ranges.
 *
 * Documents indexed before are filled in here, from the catalogue tables. On PostgreSQL the
 * primary key, which sampled ids are looked up by, carries the columns too (index-only reads, as
 * for the top category).
 */
const BITS = [
  [1100, 1],
  [1200, 2],
  [1300, 4],
  [1400, 8],
  [1500, 16],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['media_types', 'image_view', 'orientation']) {
    await db.schema.alterTable('search_documents').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('search_documents').addColumn('created_at', 'bigint').execute();

  const bits = sql.join(
    BITS.map(([type, bit]) => sql`when ${sql.lit(type)} then ${sql.lit(bit)}`),
    sql` `,
  );
  // The main file: the web image (1100), else the file of the lowest media type.
  const mainFile = (column: string) => sql`(select ${sql.ref(column)} from asset_files f
      where f.asset_id = search_documents.asset_id and f.is_current = 1
      order by case when f.media_type = 1100 then 0 else 1 end, f.media_type, f.id limit 1)`;
  const width = mainFile('width');
  const height = mainFile('height');
  await sql`update search_documents set
    media_types = coalesce((select sum(distinct case f.media_type ${bits} else 0 end) from asset_files f
      where f.asset_id = search_documents.asset_id and f.is_current = 1), 0),
    image_view = (select a.image_category from assets a where a.id = search_documents.asset_id),
    created_at = (select a.created_at from assets a where a.id = search_documents.asset_id),
    orientation = case
      when ${width} is null or ${height} is null or ${width} <= 0 or ${height} <= 0 then null
      when ${width} * 100 > ${height} * 101 then 2
      when ${height} * 100 > ${width} * 101 then 1
      else 3 end`.execute(db);

  if (isPostgres(db)) {
    await sql`alter table search_documents drop constraint search_documents_pkey`.execute(db);
    await sql`alter table search_documents add constraint search_documents_pkey primary key (asset_id, root_id)
      include (top_category_id, gtin_number, media_types, image_view, orientation, created_at)`.execute(db);
    await sql`analyze search_documents`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table search_documents drop constraint search_documents_pkey`.execute(db);
    await sql`alter table search_documents add constraint search_documents_pkey primary key (asset_id, root_id)
      include (top_category_id)`.execute(db);
  }
  for (const column of ['created_at', 'orientation', 'image_view', 'media_types']) {
    await db.schema.alterTable('search_documents').dropColumn(column).execute();
  }
}
