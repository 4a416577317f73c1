import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.js';
import * as m20261122_0001_accounts from './migrations/20261122-0001-accounts.js';
import * as m20261122_0002_link_lang from './migrations/20261122-0002-link-lang.js';
import * as m20261122_0003_catalogue from './migrations/20261122-0003-catalogue.js';
import * as m20261122_0004_search from './migrations/20261122-0004-search.js';
import * as m20261122_0005_search_without_codes from './migrations/20261122-0005-search-without-codes.js';
import * as m20261122_0006_cart from './migrations/20261122-0006-cart.js';
import * as m20261122_0007_orders from './migrations/20261122-0007-orders.js';
import * as m20261122_0008_tracking from './migrations/20261122-0008-tracking.js';
import * as m20261122_0009_admin from './migrations/20261122-0009-admin.js';
import * as m20261122_0010_insights from './migrations/20261122-0010-insights.js';
import * as m20261122_0011_job_schedules from './migrations/20261122-0011-job-schedules.js';
import * as m20261122_0012_container_listing from './migrations/20261122-0012-container-listing.js';
import * as m20261122_0013_search_by_root from './migrations/20261122-0013-search-by-root.js';
import * as m20261126_0014_job_lanes from './migrations/20261126-0014-job-lanes.js';
import * as m20261126_0015_country_roots from './migrations/20261126-0015-country-roots.js';
import * as m20261126_0016_rendition_placeholders from './migrations/20261126-0016-rendition-placeholders.js';
import * as m20261127_0017_recipient_links_and_takedowns from './migrations/20261127-0017-recipient-links-and-takedowns.js';
import * as m20261127_0018_conversion_presets from './migrations/20261127-0018-conversion-presets.js';
import * as m20261127_0019_asset_file_facts from './migrations/20261127-0019-asset-file-facts.js';
import * as m20261127_0020_conversions from './migrations/20261127-0020-conversions.js';
import * as m20261127_0021_lists from './migrations/20261127-0021-lists.js';
import * as m20261127_0022_search_filters from './migrations/20261127-0022-search-filters.js';
import * as m20261127_0023_bulk_changes from './migrations/20261127-0023-bulk-changes.js';
import * as m20261127_0025_sso from './migrations/20261127-0025-sso.js';

/**
 * Append-only list of migrations, named by timestamp. Never edit one that has shipped:
 * add a new file and list it here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '20261122-0001-accounts': m20261122_0001_accounts,
  '20261122-0002-link-lang': m20261122_0002_link_lang,
  '20261122-0003-catalogue': m20261122_0003_catalogue,
  '20261122-0004-search': m20261122_0004_search,
  '20261122-0005-search-without-codes': m20261122_0005_search_without_codes,
  '20261122-0006-cart': m20261122_0006_cart,
  '20261122-0007-orders': m20261122_0007_orders,
  '20261122-0008-tracking': m20261122_0008_tracking,
  '20261122-0009-admin': m20261122_0009_admin,
  '20261122-0010-insights': m20261122_0010_insights,
  '20261122-0011-job-schedules': m20261122_0011_job_schedules,
  '20261122-0012-container-listing': m20261122_0012_container_listing,
  '20261122-0013-search-by-root': m20261122_0013_search_by_root,
  '20261126-0014-job-lanes': m20261126_0014_job_lanes,
  '20261126-0015-country-roots': m20261126_0015_country_roots,
  '20261126-0016-rendition-placeholders': m20261126_0016_rendition_placeholders,
  '20261127-0017-recipient-links-and-takedowns': m20261127_0017_recipient_links_and_takedowns,
  '20261127-0018-conversion-presets': m20261127_0018_conversion_presets,
  '20261127-0019-asset-file-facts': m20261127_0019_asset_file_facts,
  '20261127-0020-conversions': m20261127_0020_conversions,
  '20261127-0021-lists': m20261127_0021_lists,
  '20261127-0022-search-filters': m20261127_0022_search_filters,
  '20261127-0023-bulk-changes': m20261127_0023_bulk_changes,
  '20261127-0025-sso': m20261127_0025_sso,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** The migrations this version ships, in order: readiness and migrate-data compare a database against them. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);
