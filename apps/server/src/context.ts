import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { Config } from './platform/config.js';
import type { DatabaseHandle } from './platform/db/database.js';
import { RateLimiter } from './platform/http/rate-limiter.js';
import { JobQueue } from './platform/jobs/job-queue.js';
import { createMailOutbox, type MailOutbox } from './platform/mail/mail-job.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';

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
}

export function createContext(options: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock?: Clock;
}): AppContext {
  const { config, database, log } = options;
  const clock = options.clock ?? systemClock;
  const jobs = new JobQueue(database.db, clock, log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const mail = createMailOutbox(jobs, mailer);
  const rateLimiter = new RateLimiter(database.db, clock);
  const accounts = new AccountsService({
    config,
    clock,
    repository: new AccountsRepository(database.db),
    mail,
    rateLimiter,
    log,
  });
  return { config, database, clock, log, jobs, mailer, mail, rateLimiter, accounts };
}
