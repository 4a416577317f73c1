import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types of both dialects. Times are epoch milliseconds (bigint), flags are 0/1 integers:
 * the same values come back from SQLite and PostgreSQL, so no code branches on the dialect.
 */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  company: string;
  phone: string;
  contact_person: string;
  lang: string;
  jde: number;
  is_super_user: number;
  email_confirmed_at: number | null;
  approved_at: number | null;
  deactivated_at: number | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
  /** modules/tracking: null = not decided, 0 = no, 1 = yes; the time of the decision in force. */
  tracking_consent: number | null;
  tracking_consent_at: number | null;
  /** modules/admin: a rejected registration keeps its row (see migration 0009). */
  rejected_at: number | null;
  rejection_reason: string | null;
  /** Migration 0025 (issue 23): the OpenID provider's subject, once the account signed in through it. */
  sso_subject: Generated<string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** Migration 0025: a session made through the OpenID provider ends then (OIDC_SESSION_HOURS). */
  sso_expires_at: Generated<number | null>;
  /** The provider's ID token of the sign-in: the hint of its RP-initiated logout. */
  sso_id_token: Generated<string | null>;
  /** The provider's refresh token, when it gave one: renews the session at `sso_expires_at`. */
  sso_refresh_token: Generated<string | null>;
}

export interface UserLinksTable {
  token_hash: string;
  user_id: number;
  purpose: 'confirm' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The language the link was sent in; null for links older than the column. */
  lang: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  failed_at: number | null;
  created_at: number;
  /** Set on a recurring job's row (its name): unique while the row is not finished. */
  schedule_key: string | null;
  /** The lane whose workers run it (platform/jobs/job-lanes.ts). */
  lane: Generated<string>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  crc32: number;
  mime_type: string;
  created_at: number;
}

export interface NodesTable {
  id: number;
  parent_id: number | null;
  root_id: number;
  name_de: string;
  name_en: string;
  name_fr: string;
  created_at: number;
  updated_at: number;
}

export interface AssetsTable {
  id: Generated<number>;
  container_id: number;
  root_id: number;
  name_de: string;
  name_en: string | null;
  name_fr: string | null;
  keywords: string;
  description: string;
  gtin: string | null;
  gtin_number: number | null;
  image_category: number | null;
  version: number | null;
  variant: number | null;
  linked_searchable: string | null;
  source_key: string | null;
  removal_requested_at: number | null;
  removal_requested_by: number | null;
  removal_reason: string | null;
  withdrawn_at: number | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface AssetFilesTable {
  id: Generated<number>;
  asset_id: number;
  media_type: number;
  blob_sha256: string;
  file_name: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  dpi_x: number | null;
  colorspace: string | null;
  page_count: number | null;
  /** Migration 0018 (issue 21.6): bits per sample, alpha channel present, any pixel transparent (0/1); null on older rows. */
  bit_depth: ColumnType<number | null, number | null | undefined, number | null>;
  has_alpha: ColumnType<number | null, number | null | undefined, number | null>;
  transparent: ColumnType<number | null, number | null | undefined, number | null>;
  version: number;
  is_current: number;
  created_at: number;
}

export interface RenditionsTable {
  source_sha256: string;
  /** 'zoom' and 'page1' … 'page50' are made on demand (issue 22.6). */
  kind: 'thumb' | 'preview' | 'zoom' | `page${number}`;
  blob_sha256: string;
  width: number;
  height: number;
  created_at: number;
  /** 1: a stand-in (an EPS rendered without Ghostscript), replaced at a start that has Ghostscript. */
  placeholder: Generated<number>;
}

/** modules/search: one row per indexed asset (the text is in FTS5 tables or the PostgreSQL `document` column). */
export interface SearchDocumentsTable {
  asset_id: number;
  root_id: number;
  top_category_id: number | null;
  gtin_number: number | null;
  /** Migration 0022 (issue 22.2): filter columns; see search-filter-columns.ts. */
  media_types: number | null;
  image_view: number | null;
  orientation: number | null;
  created_at: number | null;
}

/** modules/search: indexed terms per root, for compound substrings and typo correction. */
export interface SearchTermsTable {
  root_id: number;
  term: string;
  docs: number;
}

/** modules/cart: one row per asset in a user's cart; its chosen formats in cart_formats. */
export interface CartEntriesTable {
  user_id: number;
  asset_id: number;
  added_at: number;
}

export interface CartFormatsTable {
  user_id: number;
  asset_id: number;
  media_type: number;
}

/** modules/delivery: a stored manifest of chosen files, valid 14 days. */
export interface BundlesTable {
  id: Generated<number>;
  filename: string;
  owner_id: number;
  kind: 'download' | 'message';
  created_at: number;
  expires_at: number;
  entry_count: number;
  files_size: number;
}

export interface BundleEntriesTable {
  bundle_id: number;
  position: number;
  asset_id: number;
  asset_name: string;
  file_id: number;
  media_type: number;
  blob_sha256: string;
  entry_name: string;
  size: number;
  crc32: number;
  /** Migration 0020 (issue 21.4): the preset version whose conversion of `blob_sha256` this entry delivers; null for an original. */
  preset_id: ColumnType<number | null, number | null | undefined, number | null>;
  preset_version: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Migration 0020 (issue 21.2): presets chosen for a cart entry. */
export interface CartPresetsTable {
  user_id: number;
  asset_id: number;
  preset_id: number;
}

/** Migration 0021 (issue 22.4): a user's named list. */
export interface ListsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface ListItemsTable {
  list_id: number;
  asset_id: number;
  added_at: number;
}

/** Who else may read a list (read-only). */
export interface ListSharesTable {
  list_id: number;
  user_id: number;
  shared_at: number;
}

/** Migration 0020 (issue 21.4): one converted file per source content and preset version. */
export interface ConversionsTable {
  source_sha256: string;
  preset_id: number;
  preset_version: number;
  status: 'pending' | 'done' | 'failed';
  blob_sha256: string | null;
  size: number | null;
  crc32: number | null;
  width: number | null;
  height: number | null;
  colour_space: string | null;
  dpi: number | null;
  /** A media rejection code when failed. */
  failure: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface MessagesTable {
  id: Generated<number>;
  bundle_id: number;
  sender_id: number;
  email: string;
  subject: string;
  text: string;
  lang: string;
  copy_to_sender: number;
  created_at: number;
}

/** modules/delivery: a recipient's own link to a sent bundle (issue 20.2). */
export interface BundleLinksTable {
  id: Generated<number>;
  bundle_id: number;
  name: string;
  recipient: string;
  lang: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_sent_at: number;
  first_opened_at: number | null;
  last_activity_at: number | null;
}

/** modules/delivery: what happened at a recipient's link; no IP address, no cookie. */
export interface BundleLinkEventsTable {
  id: Generated<number>;
  link_id: number;
  at: number;
  kind: 'opened' | 'file' | 'zip';
  position: number | null;
  asset_id: number | null;
  complete: Generated<number>;
}

/** An asset withdrawn or a file of it replaced (issue 20.3), with how many people were told. */
export interface AssetChangesTable {
  id: Generated<number>;
  asset_id: number;
  kind: 'withdrawn' | 'replaced';
  media_type: number | null;
  at: number;
  actor_id: number | null;
  told: Generated<number>;
}

/** One person to tell of one asset change; mailed in a daily digest (issue 20.3). */
export interface TakedownNoticesTable {
  id: Generated<number>;
  change_id: number;
  asset_id: number;
  recipient: string;
  user_id: number | null;
  lang: string;
  created_at: number;
  day: string;
  mailed_at: number | null;
}

/**
 * modules/tracking: the assets a signed-in user downloaded, and when last (issue 20.3). For the
 * takedown loop, whatever the tracking consent; no IP; kept a year, deleted with the account.
 */
export interface UserDownloadsTable {
  user_id: number;
  asset_id: number;
  last_at: number;
}

/**
 * modules/presets: a conversion preset (issue 21.1). Names change in place; settings live in
 * versions, `current_version` names the one offered now.
 */
export interface ConversionPresetsTable {
  id: Generated<number>;
  /** One of SHIPPED_PRESET_KEYS for the presets the portal ships; null for a super user's own. */
  shipped_key: string | null;
  name_de: string;
  name_en: string;
  name_fr: string;
  current_version: number;
  retired_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One version of a preset's settings (PresetSettings as JSON text); never updated once written. */
export interface ConversionPresetVersionsTable {
  preset_id: number;
  version: number;
  settings: string;
  created_at: number;
  created_by: number | null;
}

export interface DownloadEventsTable {
  id: Generated<number>;
  at: number;
  kind: 'bundle' | 'file';
  bundle_id: number | null;
  asset_id: number | null;
  file_id: number | null;
  media_type: number | null;
  user_id: number | null;
  audience: 'internal' | 'external' | 'guest';
  /** Only with the user's consent, erased after seven days (spec 9). */
  ip: string | null;
}

/** modules/tracking: one row per page shown (consent only); no foreign keys, like download_events. */
export interface PageViewsTable {
  id: Generated<number>;
  at: number;
  path: string;
  user_id: number | null;
  audience: 'internal' | 'external' | 'guest';
  country: string | null;
  lang: string | null;
  ip: string | null;
}

/** modules/tracking: one row per search made (consent only); `filters` is JSON text or null. */
export interface SearchEventsTable {
  id: Generated<number>;
  at: number;
  query: string;
  result_count: number;
  filters: string | null;
  root_id: number | null;
  user_id: number | null;
  audience: 'internal' | 'external' | 'guest';
  ip: string | null;
}

/** modules/orders: packshot orders (spec 3); `packshot` and history `context` are JSON text. */
export interface OrdersTable {
  id: Generated<number>;
  order_number: string | null;
  name: string;
  article_id: string;
  gtin: string;
  created_at: number;
  created_by: number | null;
  username: string;
  country_de: number;
  country_at: number;
  country_ch: number;
  status: 'new' | 'pending' | 'accepted' | 'rejected' | 'completed';
  last_modified_at: number;
  active: number;
  kind: 'yes' | 'no' | 'delete';
  change_data: number;
  change_packshot: number;
  packshot: string;
  internal_date: string;
  external_date: string;
  vertretung: string;
  description: string;
  notify: number;
}

export interface OrderFilesTable {
  id: Generated<number>;
  order_id: number;
  blob_sha256: string;
  filename: string;
  original_name: string;
  mime_type: string;
  created_at: number;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  username: string;
  created_at: number;
  context: string;
}

/** modules/admin: one row per admin action; before/after are JSON text of the changed fields. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number;
  before: string | null;
  after: string | null;
}

/** modules/admin: the days a reminder about overdue registrations went out (at most one per day). */
export interface ApprovalRemindersTable {
  day: string;
  sent_at: number;
  waiting: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  user_links: UserLinksTable;
  rate_limits: RateLimitsTable;
  jobs: JobsTable;
  settings: SettingsTable;
  blobs: BlobsTable;
  nodes: NodesTable;
  assets: AssetsTable;
  asset_files: AssetFilesTable;
  renditions: RenditionsTable;
  search_documents: SearchDocumentsTable;
  search_terms: SearchTermsTable;
  cart_entries: CartEntriesTable;
  cart_formats: CartFormatsTable;
  bundles: BundlesTable;
  bundle_entries: BundleEntriesTable;
  messages: MessagesTable;
  bundle_links: BundleLinksTable;
  bundle_link_events: BundleLinkEventsTable;
  asset_changes: AssetChangesTable;
  takedown_notices: TakedownNoticesTable;
  download_events: DownloadEventsTable;
  user_downloads: UserDownloadsTable;
  page_views: PageViewsTable;
  search_events: SearchEventsTable;
  orders: OrdersTable;
  order_files: OrderFilesTable;
  order_history: OrderHistoryTable;
  audit_log: AuditLogTable;
  approval_reminders: ApprovalRemindersTable;
  conversion_presets: ConversionPresetsTable;
  conversion_preset_versions: ConversionPresetVersionsTable;
  cart_presets: CartPresetsTable;
  conversions: ConversionsTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  list_shares: ListSharesTable;
  bulk_changes: BulkChangesTable;
  bulk_change_items: BulkChangeItemsTable;
  sso_logins: SsoLoginsTable;
  sso_handovers: SsoHandoversTable;
}

/** Migration 0025 (issue 23): a sign-in on its way to the OpenID provider, by its state's hash. */
export interface SsoLoginsTable {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: number;
  expires_at: number;
}

/** A finished provider sign-in waiting for the web app to take its session, by a one-time code's hash. */
export interface SsoHandoversTable {
  code_hash: string;
  user_id: number;
  id_token: string;
  refresh_token: string | null;
  created_at: number;
  expires_at: number;
}

/** Migration 0023 (issue 22.5): a super user's change of many assets, applied in batches. */
export interface BulkChangesTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string;
  kind: string;
  /** The change as requested (JSON). */
  change: string;
  /** The selection (JSON array of ids). */
  asset_ids: string;
  total: number;
  done: number;
  state: string;
  created_at: number;
  finished_at: number | null;
  undo_started_at: number | null;
}

/** What a bulk change did to one asset: 'changed' (before/after columns as JSON) or why it was skipped. */
export interface BulkChangeItemsTable {
  bulk_change_id: number;
  asset_id: number;
  outcome: string;
  before: string | null;
  after: string | null;
  undone: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type JobRow = Selectable<JobsTable>;
