import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { OidcClient } from './modules/accounts/oidc/oidc-client.js';
import { OidcRepository } from './modules/accounts/oidc/oidc.repository.js';
import { OidcService } from './modules/accounts/oidc/oidc.service.js';
import { AdminRepository } from './modules/admin/admin.repository.js';
import { AdminService } from './modules/admin/admin.service.js';
import { CatalogueAdminRepository } from './modules/admin/catalogue/catalogue-admin.repository.js';
import { createCatalogueAdmin, type CatalogueAdmin } from './modules/admin/catalogue/catalogue-admin.js';
import { bulkChangeJobs } from './modules/admin/bulk-changes/bulk-change.jobs.js';
import { BulkChangeRepository } from './modules/admin/bulk-changes/bulk-change.repository.js';
import { BulkChangeRunner } from './modules/admin/bulk-changes/bulk-change-runner.js';
import { BulkChangeService } from './modules/admin/bulk-changes/bulk-change.service.js';
import { UploadStaging } from './modules/admin/catalogue/upload-staging.js';
import { JobsAdminService } from './modules/admin/jobs/jobs-admin.service.js';
import { approvalReminderJob, APPROVAL_REMINDER_INTERVAL_MS } from './modules/admin/approval-reminder.job.js';
import { InsightsRepository } from './modules/insights/insights.repository.js';
import { InsightsService } from './modules/insights/insights.service.js';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { FileDeliveryService } from './modules/catalogue/file-delivery.service.js';
import { ProductViewsRepository } from './modules/catalogue/product-views.repository.js';
import { ProductViewsService } from './modules/catalogue/product-views.service.js';
import { CartRepository } from './modules/cart/cart.repository.js';
import { CartService } from './modules/cart/cart.service.js';
import { ListsRepository } from './modules/lists/lists.repository.js';
import { ListsService } from './modules/lists/lists.service.js';
import { BundleRepository } from './modules/delivery/bundle.repository.js';
import { BundleService } from './modules/delivery/bundle.service.js';
import { BundleShareService } from './modules/delivery/bundle-share.service.js';
import { bundleCleanupJob, BUNDLE_CLEANUP_INTERVAL_MS } from './modules/delivery/bundle-cleanup.job.js';
import { CartSendService } from './modules/delivery/cart-send.service.js';
import { deliveredItemNames } from './modules/delivery/delivered-names.js';
import { BundleLinkRepository } from './modules/delivery/bundle-link.repository.js';
import { RecipientLinkService } from './modules/delivery/recipient-link.service.js';
import { ImportRepository } from './modules/catalogue/import/import.repository.js';
import { ImportService } from './modules/catalogue/import/import.service.js';
import { probeMedia } from './modules/media/media-probe.js';
import { createSearchIndex } from './modules/search/search-index-factory.js';
import type { FullTextSearchIndex } from './modules/search/full-text-search-index.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { SearchService } from './modules/search/search.service.js';
import { searchReindexJob } from './modules/search/search-reindex.job.js';
import { MediaService, RENDITION_CONCURRENCY } from './modules/media/media.service.js';
import { ConversionsService } from './modules/conversions/conversions.service.js';
import { OrdersRepository } from './modules/orders/orders.repository.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { OrderUploads } from './modules/orders/order-uploads.js';
import { DownloadEvents } from './modules/tracking/download-events.js';
import { ipErasureJob, IP_ERASURE_INTERVAL_MS } from './modules/tracking/ip-erasure.job.js';
import { TrackingRepository } from './modules/tracking/tracking.repository.js';
import { TrackingService } from './modules/tracking/tracking.service.js';
import { TakedownRepository } from './modules/takedown/takedown.repository.js';
import { TakedownService } from './modules/takedown/takedown.service.js';
import { takedownDigestJob, TAKEDOWN_DIGEST_INTERVAL_MS } from './modules/takedown/takedown-digest.job.js';
import { PresetsRepository } from './modules/presets/presets.repository.js';
import { PresetsService } from './modules/presets/presets.service.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/database.js';
import { RateLimiter } from './platform/http/rate-limiter.js';
import { Tickets } from './platform/http/tickets.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { ActiveUsers } from './platform/security/active-users.js';
import { createMailOutbox, type MailOutbox } from './platform/mail/mail-job.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { SecretStore } from './platform/security/secret-store.js';
import { createBlobStore } from './platform/storage/index.js';
import type { BlobStore } from './platform/storage/blob-store.js';

/** Everything the HTTP layer, the CLI and the tests share: built once per process from config and database. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  mailer: Mailer;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  accounts: AccountsService;
  /** Sign-in with the company account (issue 23); answers 404 without OIDC_* configuration. */
  oidc: OidcService;
  secrets: SecretStore;
  tickets: Tickets;
  catalogue: CatalogueService;
  fileDelivery: FileDeliveryService;
  /** The views of products, same GTIN (issue 22.7). */
  productViews: ProductViewsService;
  blobs: BlobStore;
  media: MediaService;
  /** `mediabox import DIR` and the demo generator: manifest imports. */
  imports: ImportService;
  /** The search index (FTS5 or tsvector by dialect); importers call `indexAssets` after changes. */
  search: FullTextSearchIndex;
  searchService: SearchService;
  cart: CartService;
  /** Named lists (issue 22.4). */
  lists: ListsService;
  bundles: BundleService;
  bundleShare: BundleShareService;
  cartSend: CartSendService;
  recipientLinks: RecipientLinkService;
  downloadEvents: DownloadEvents;
  orders: OrdersService;
  orderUploads: OrderUploads;
  tracking: TrackingService;
  /** Super-user administration (registrations, users, removal requests, audit log). */
  admin: AdminService;
  /** Super-user catalogue administration (categories, uploads through the import, asset edits). */
  catalogueAdmin: CatalogueAdmin;
  /** Super users' changes of many assets at once, with their undo (issue 22.5). */
  bulkChanges: BulkChangeService;
  /** Where catalogue uploads wait on disk for the import. */
  uploadStaging: UploadStaging;
  /** The failed and waiting background jobs for super users, and their retry. */
  jobsAdmin: JobsAdminService;
  /** Super-user usage insights (downloads, searches, active users, registrations). */
  insights: InsightsService;
  /** Withdrawn and replaced assets: who is told, the daily digest mails (issue 20.3). */
  takedowns: TakedownService;
  /** Conversion presets and their versions (issue 21.1). */
  presets: PresetsService;
  /** Converted files made once per source and preset version, in the renditions lane (issue 21.4). */
  conversions: ConversionsService;
}

export function createContext(options: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock?: Clock;
}): AppContext {
  const { config, database, log } = options;
  const clock = options.clock ?? systemClock;
  const jobs = new JobQueue(database.db, clock, log, {
    leaseMs: config.jobLeaseMs,
    // The media module knows how many renders fit at once (cores, memory budget): its lane runs that many.
    concurrency: { renditions: RENDITION_CONCURRENCY },
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const mail = createMailOutbox(jobs, mailer);
  const rateLimiter = new RateLimiter(database.db, clock);
  const activeUsers = new ActiveUsers(database.db, clock);
  const oidcRepository = new OidcRepository(database.db);
  const accountsRepository = new AccountsRepository(database.db);
  const accounts: AccountsService = new AccountsService({
    config,
    clock,
    repository: accountsRepository,
    mail,
    rateLimiter,
    log,
    activeUsers,
    // Asked at each password login, when `oidc` below exists.
    ssoRequiredForStaff: (): Promise<boolean> => oidc.isRequiredForStaff(),
    renewSso: (refreshToken) => oidc.renew(refreshToken),
  });
  const oidc: OidcService = new OidcService({
    config,
    clock,
    repository: oidcRepository,
    accountsRepository,
    accounts,
    client: config.oidc ? new OidcClient(config.oidc) : undefined,
    rateLimiter,
    log,
  });
  const blobs = createBlobStore(config);
  const media = new MediaService({ db: database.db, blobs, jobs, clock, log });
  const presets = new PresetsService({ repository: new PresetsRepository(database.db), clock });
  const conversions = new ConversionsService({ db: database.db, blobs, jobs, media, presets, clock, log });
  const secrets = new SecretStore(database.db, config.secret);
  const tickets = new Tickets(secrets, clock);
  const catalogueRepository = new CatalogueRepository(database.db);
  const catalogue = new CatalogueService({ repository: catalogueRepository, tickets, clock, rateLimiter });
  const productViews = new ProductViewsService({
    repository: new ProductViewsRepository(database.db),
    assets: catalogue,
  });
  const search = createSearchIndex(database);
  const trackingRepository = new TrackingRepository(database.db);
  const tracking = new TrackingService({ repository: trackingRepository, rateLimiter, clock });
  const downloadEvents = new DownloadEvents({ repository: trackingRepository, clock });
  const searchService = new SearchService({
    index: search,
    assets: catalogue,
    repository: new SearchRepository(database.db),
    recorder: tracking,
    log,
    now: () => clock.now(),
  });
  const fileDelivery = new FileDeliveryService({
    repository: catalogueRepository,
    tickets,
    blobs,
    clock,
    activeUsers,
    downloads: downloadEvents,
    onDemand: media,
  });
  const takedowns = new TakedownService({
    repository: new TakedownRepository(database.db),
    mail,
    clock,
    config,
  });
  jobs.defineRecurring(takedownDigestJob(takedowns, log), TAKEDOWN_DIGEST_INTERVAL_MS);
  const imports = new ImportService({
    repository: new ImportRepository(database.db, database.dialect),
    blobs,
    clock,
    log,
    probe: (filePath) => probeMedia(filePath),
    renditions: media,
    search: () => search,
    // Every new version of an existing file, whichever way it came: its downloaders are told.
    fileReplaced: (executor, replaced) =>
      takedowns
        .recordChange(executor, {
          assetId: replaced.assetId,
          kind: 'replaced',
          mediaType: replaced.mediaType,
          actorId: replaced.actorUserId,
        })
        .then(() => undefined),
  });
  const cart = new CartService({
    repository: new CartRepository(database.db),
    catalogueRepository,
    catalogue,
    presets,
    // The cart shows the names a bundle will deliver; the naming rule is delivery's.
    namer: deliveredItemNames,
    clock,
  });
  const lists = new ListsService({
    repository: new ListsRepository(database.db),
    catalogueRepository,
    catalogue,
    // "In den Warenkorb" for a whole list is the cart's own bulk add with default formats.
    fillCart: (user, assetIds) =>
      assetIds.length === 0 ? cart.summary(user, []) : cart.add(user, { assetIds }),
    clock,
  });
  const bundleRepository = new BundleRepository(database.db);
  const bundleLinks = new BundleLinkRepository(database.db, database.dialect);
  const bundles = new BundleService({
    repository: bundleRepository,
    links: bundleLinks,
    cart,
    blobs,
    clock,
    activeUsers,
    tickets,
    downloads: downloadEvents,
    conversions,
    presets,
  });
  const bundleShare = new BundleShareService({
    bundles,
    repository: bundleRepository,
    tickets,
    blobs,
    downloads: downloadEvents,
  });
  jobs.defineRecurring(bundleCleanupJob(bundles, log), BUNDLE_CLEANUP_INTERVAL_MS);
  const cartSend = new CartSendService({
    bundles,
    links: bundleLinks,
    accounts: new AccountsRepository(database.db),
    mail,
    rateLimiter,
    config,
  });
  const recipientLinks = new RecipientLinkService({
    links: bundleLinks,
    bundles: bundleRepository,
    accounts: new AccountsRepository(database.db),
    mail,
    rateLimiter,
    clock,
    config,
  });
  const ordersRepository = new OrdersRepository(database.db, database.dialect);
  const searchReindex = searchReindexJob(search);
  jobs.define(searchReindex);
  const admin = new AdminService({
    repository: new AdminRepository(database.db, database.dialect),
    catalogueRepository,
    tickets,
    search,
    jobs,
    searchReindex,
    mail,
    clock,
    config,
    log,
    activeUsers,
    takedowns,
  });
  jobs.defineRecurring(approvalReminderJob(admin, log), APPROVAL_REMINDER_INTERVAL_MS);
  jobs.defineRecurring(ipErasureJob(tracking, log), IP_ERASURE_INTERVAL_MS);
  const bulkRepository = new BulkChangeRepository(database.db);
  const bulkJobs = bulkChangeJobs(
    new BulkChangeRunner({ repository: bulkRepository, jobs, searchReindex, search, takedowns, clock, log }),
  );
  jobs.define(bulkJobs.apply);
  jobs.define(bulkJobs.undo);
  return {
    config,
    database,
    clock,
    log,
    jobs,
    mailer,
    mail,
    rateLimiter,
    accounts,
    oidc,
    blobs,
    media,
    secrets,
    tickets,
    catalogue,
    fileDelivery,
    productViews,
    imports,
    search,
    searchService,
    cart,
    lists,
    bundles,
    bundleShare,
    cartSend,
    recipientLinks,
    downloadEvents,
    orders: new OrdersService({
      repository: ordersRepository,
      mail,
      clock,
      config,
      media,
      tickets,
      activeUsers,
    }),
    orderUploads: new OrderUploads({ blobs, repository: ordersRepository }),
    tracking,
    admin,
    catalogueAdmin: createCatalogueAdmin({
      repository: new CatalogueAdminRepository(database.db),
      imports,
      tickets,
      search,
      jobs,
      searchReindex,
      clock,
      log,
      takedowns,
    }),
    uploadStaging: new UploadStaging(config.dataDir),
    bulkChanges: new BulkChangeService({ repository: bulkRepository, jobs, bulkJobs, clock }),
    jobsAdmin: new JobsAdminService({ jobs, clock }),
    insights: new InsightsService({
      repository: new InsightsRepository(database.db, database.dialect),
      clock,
    }),
    takedowns,
    presets,
    conversions,
  };
}
