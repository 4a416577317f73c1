/**
 * Every table of the schema, sorted by what `backup`, `restore` and `migrate-data` do with it.
 * A table added by a later migration must be listed here: migrate-data refuses a source with a table
 * it does not know, and data-tables.test.ts fails on a fresh schema with one (so nothing is left
 * behind silently).
 */

/**
 * Copied row by row, in this order: every table comes after the tables its foreign keys point to
 * (data-tables.test.ts checks that against the SQLite schema). `nodes` points to itself: its rows
 * are read parents first (see NODE_ORDER in table-copy.ts).
 */
export const COPIED_TABLES = [
  'users',
  'sessions',
  'user_links',
  'rate_limits',
  'settings',
  'jobs',
  'blobs',
  'nodes',
  'assets',
  'asset_files',
  'renditions',
  'cart_entries',
  'cart_formats',
  'cart_presets',
  'bundles',
  'bundle_entries',
  'messages',
  'bundle_links',
  'bundle_link_events',
  'download_events',
  'user_downloads',
  'page_views',
  'search_events',
  'orders',
  'order_files',
  'order_history',
  'audit_log',
  'approval_reminders',
  'asset_changes',
  'takedown_notices',
  'conversion_presets',
  'conversion_preset_versions',
  'conversions',
  'lists',
  'list_items',
  'list_shares',
  'bulk_changes',
  'bulk_change_items',
  'sso_logins',
  'sso_handovers',
] as const;

export type CopiedTable = (typeof COPIED_TABLES)[number];

/**
 * The search index: derived from assets and nodes, and laid out differently per database (FTS5
 * tables on SQLite, a tsvector column on PostgreSQL), so migrate-data rebuilds it on the target
 * instead of copying it.
 */
export const REBUILT_TABLES = ['search_documents', 'search_terms'] as const;

/** Bookkeeping of Kysely's migrator and of SQLite itself; the target has its own. */
const INTERNAL_TABLES = new Set(['kysely_migration', 'kysely_migration_lock', 'sqlite_sequence']);

/** SQLite's FTS5 search tables (one per country root) and their shadow tables, and ANALYZE's statistics. */
const INTERNAL_PATTERNS = [/^search_fts_\d+(_(data|idx|content|docsize|config))?$/, /^sqlite_stat\d$/];

export type TableRole = 'copied' | 'rebuilt' | 'internal' | 'unknown';

export function tableRole(name: string): TableRole {
  if ((COPIED_TABLES as readonly string[]).includes(name)) return 'copied';
  if ((REBUILT_TABLES as readonly string[]).includes(name)) return 'rebuilt';
  if (INTERNAL_TABLES.has(name) || INTERNAL_PATTERNS.some((pattern) => pattern.test(name))) return 'internal';
  return 'unknown';
}
