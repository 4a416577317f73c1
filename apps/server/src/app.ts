import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import type { Config } from './platform/config.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { oidcRoutes } from './modules/accounts/oidc/oidc.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { catalogueAdminRoutes } from './modules/admin/catalogue/catalogue-admin.routes.js';
import { bulkChangesRoutes } from './modules/admin/bulk-changes/bulk-changes.routes.js';
import { jobsAdminRoutes } from './modules/admin/jobs/jobs-admin.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { listsRoutes } from './modules/lists/lists.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { productViewsRoutes } from './modules/catalogue/product-views.routes.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { presetsRoutes } from './modules/presets/presets.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { takedownRoutes } from './modules/takedown/takedown.routes.js';
import { apiDocsRoutes } from './platform/http/api-docs.js';
import { registerAuth } from './platform/http/auth.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/http/error-handler.js';
import { registerInputGuard } from './platform/http/input-guard.js';
import { contractSerializerCompiler } from './platform/http/response-serializer.js';
import { recordRoutes } from './platform/http/route-inventory.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import {
  CONNECTION_IDLE_MS,
  registerSlowClientGuard,
  type SlowClientLimits,
} from './platform/http/slow-client-guard.js';
import { registerWebApp } from './platform/http/web-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, seen from apps/server/src or apps/server/dist. */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** A hop count believes that many proxies in front of us (the nearest first); addresses believe only those. */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Plugins first, then one register() per module. Nothing here listens: main.ts and tests decide. */
export interface BuildAppOptions {
  /** How slow a request body may arrive (tests shorten them). */
  slowClientLimits?: SlowClientLimits;
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    loggerInstance: context.log,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A socket with no byte either way for this long is closed (bodies have their own limits below).
    connectionTimeout: CONNECTION_IDLE_MS,
    routerOptions: { ignoreTrailingSlash: true },
    // Our ids are ours: never echo a client-supplied request id into logs unchecked.
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Production trusts the services' typed answers; tests and development check each one with zod too.
  app.setSerializerCompiler(contractSerializerCompiler({ verify: config.env !== 'production' }));
  registerErrorHandler(app);
  registerSlowClientGuard(app, options.slowClientLimits);
  recordRoutes(app);
  registerInputGuard(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  registerAuth(app, (token) => context.accounts.resolveToken(token));

  await app.register(apiDocsRoutes);
  await app.register(healthRoutes({ database: context.database, blobs: context.blobs, log: context.log }));
  await app.register(settingsRoutes(config));
  await app.register(accountsRoutes(context.accounts));
  await app.register(oidcRoutes(context.oidc, context.config.publicUrl));
  await app.register(catalogueRoutes({ catalogue: context.catalogue, files: context.fileDelivery }));
  await app.register(productViewsRoutes(context.productViews));

  await app.register(searchRoutes(context.searchService));
  await app.register(cartRoutes(context.cart));
  await app.register(listsRoutes(context.lists));
  await app.register(
    deliveryRoutes({
      bundles: context.bundles,
      share: context.bundleShare,
      cart: context.cart,
      send: context.cartSend,
      links: context.recipientLinks,
      config,
    }),
  );

  await app.register(ordersRoutes(context.orders, context.orderUploads, context.blobs));
  await app.register(trackingRoutes(context.tracking));
  await app.register(adminRoutes(context.admin));
  await app.register(catalogueAdminRoutes(context.catalogueAdmin, context.uploadStaging));
  await app.register(bulkChangesRoutes(context.bulkChanges));
  await app.register(jobsAdminRoutes(context.jobsAdmin));
  await app.register(insightsRoutes(context.insights));
  await app.register(takedownRoutes(context.takedowns));
  await app.register(presetsRoutes(context.presets));

  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
