import { sql, type Kysely } from 'kysely';

/**
 * Insights (modules/insights). Every insight query filters by a range of `at` and reads a few more
 * columns; with those columns in the index it reads the index alone instead of looking up each of
 * up to a year's events in the table (measured in bench/insights-bench.ts).
 *
 * - download_events (at, asset_id, bundle_id): top assets (single files by asset, bundles through
 *   their entries).
 * - search_events (at, query, result_count): top searches. The existing (query, at) index would
 *   read every query ever made, not just the range.
 * - search_events (at, query) where result_count = 0: zero-result searches, about one in ten, so the
 *   list reads a tenth of the range.
 * - page_views (at, country, user_id) where user_id is set: active users per country. Only consenting
 *   signed-in users have an id, so the partial index leaves guests' views out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('download_events_at_asset')
    .on('download_events')
    .columns(['at', 'asset_id', 'bundle_id'])
    .execute();
  await db.schema
    .createIndex('search_events_at_query')
    .on('search_events')
    .columns(['at', 'query', 'result_count'])
    .execute();
  await db.schema
    .createIndex('search_events_zero_results')
    .on('search_events')
    .columns(['at', 'query'])
    .where(sql.ref('result_count'), '=', 0)
    .execute();
  await db.schema
    .createIndex('page_views_at_user')
    .on('page_views')
    .columns(['at', 'country', 'user_id'])
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('page_views_at_user').execute();
  await db.schema.dropIndex('search_events_zero_results').execute();
  await db.schema.dropIndex('search_events_at_query').execute();
  await db.schema.dropIndex('download_events_at_asset').execute();
}
