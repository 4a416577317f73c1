import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { loadDemoOnFirstStart } from './fixtures/demo/first-start-demo.js';
import { ghostscriptAtStart } from './modules/media/ghostscript-at-start.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { foldsUnicode } from './platform/db/case-fold.js';
import { createLogger } from './platform/logger.js';

const HOUSEKEEPING_MS = 60 * 60 * 1000;

/** Starts the portal: config -> database -> migrations -> app -> listen (+ job runner). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  let context;
  try {
    context = await bootstrap(config, log);
  } catch (err) {
    // Some settings are checked only when their part is built (STORAGE_URL by the blob store).
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  log.info({ database: context.database.description, mail: context.mailer.description }, 'storage ready');
  if (!(await foldsUnicode(context.database.db, context.database.dialect))) {
    log.warn(
      'the database folds case for ASCII letters only (PostgreSQL with LC_CTYPE "C"): user search, company filter and order lookup will miss umlauts in another case; see docs/operations.md',
    );
  }
  // EPS previews need Ghostscript: warn once without it, re-render placeholders once it is there.
  await ghostscriptAtStart({ db: context.database.db, media: context.media, log });
  // First start after the search migration (or a lost index): index what the catalogue holds.
  if (await context.search.rebuildIfEmpty()) log.info('search index rebuilt');

  const admin = await context.accounts.ensureFirstSuperUser();
  if (admin?.password) {
    // Printed once, on the console only: the operator must change it after the first login.
    console.log(
      `\n  First super user created:\n    e-mail:   ${admin.email}\n    password: ${admin.password}\n  Change the password after the first login.\n`,
    );
  } else if (admin) {
    log.info({ email: admin.email }, 'first super user created');
  }

  const app = await buildApp(context);
  await app.listen({ host: config.host, port: config.port });
  log.info({ url: config.publicUrl, port: config.port }, 'Mediabox is listening');

  if (config.runJobs) {
    await context.jobs.ensureRecurring();
    context.jobs.start();
  }
  // After listen, in the background: the portal answers (health checks, sign-in) while the demo
  // catalogue of a first start renders and imports; its log line says when it is there.
  // It never throws (failures are logged); a shutdown meanwhile just stops it.
  void loadDemoOnFirstStart({
    config,
    database: context.database,
    imports: context.imports,
    log,
    clock: context.clock,
  });
  const housekeeping = setInterval(() => {
    context.accounts.purgeExpired().catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
    context.oidc.purgeExpired().catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
    context.rateLimiter
      .purge(24 * 60 * 60 * 1000)
      .catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    clearInterval(housekeeping);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop taking requests and let the running ones finish, then the jobs, then the database.
    await app.close();
    await context.jobs.stop();
    await context.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
