#!/usr/bin/env node
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AppContext } from './context.js';
import { bootstrap } from './bootstrap.js';
import { formatImportReport } from './modules/catalogue/import/import-summary.js';
import { ImportValidationError, formatProblem } from './modules/catalogue/import/import.errors.js';
import { generateDemoDirectory, loadDemoCatalogue } from './fixtures/demo/demo-generator.js';
import { backupEmbedded } from './operations/backup.js';
import { migrateData } from './operations/migrate-data.js';
import { OperationError } from './operations/operation-error.js';
import {
  formatBackupReport,
  formatMigrateDataReport,
  formatRestoreReport,
} from './operations/report-format.js';
import { restoreEmbedded } from './operations/restore.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { AppError } from './platform/http/app-error.js';
import { createLogger } from './platform/logger.js';

const USAGE = `Usage: mediabox <command>

  serve                                   start the portal (same as npm start without the build)
  migrate                                 bring the database schema up to date
  import DIR                              import DIR/manifest.json (nodes, assets, files); safe to repeat
  demo [--out DIR]                        load the demo catalogue (three countries, ~600 assets); safe to repeat;
                                          with --out only write its import directory (manifest.json + files)
  user add --email E --password P [--firstname F] [--lastname L] [--company C] [--super] [--internal]
                                          create a confirmed and approved account
  user approve EMAIL                      approve a registration (sends the activation mail)
  user list                               list all accounts with their state
  backup --to DIR                         embedded mode: online copy of the database and every blob it
                                          names, plus manifest.json; DIR must be new or empty
  restore --from DIR [--force]            embedded mode: restore a backup into DATA_DIR (stop the server
                                          first); a non-empty DATA_DIR needs --force
  migrate-data --from sqlite:PATH --to postgres://… [--blobs-to s3://…|file:DIR] [--blobs-from DIR]
                                          move an embedded installation to PostgreSQL (+ S3): copies every
                                          table into an empty database, rebuilds search, copies blobs,
                                          compares counts (exit code 1 on a mismatch)

Configuration comes from the environment (DATA_DIR, DATABASE_URL, …; see docs/operations.md).`;

async function withContext(work: (context: AppContext) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const context = await bootstrap(config, createLogger(process.env.LOG_LEVEL ?? 'warn'));
  try {
    await work(context);
    // Mails queued by the command (e.g. the activation mail) leave before the process ends.
    await context.jobs.drain();
  } finally {
    await context.database.close();
  }
}

async function userCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'add') {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        company: { type: 'string' },
        super: { type: 'boolean', default: false },
        internal: { type: 'boolean', default: false },
      },
    });
    if (!values.email || !values.password) throw new UsageError('user add needs --email and --password');
    if (values.password.length < 8) throw new UsageError('the password needs at least 8 characters');
    await withContext(async ({ accounts }) => {
      const user = await accounts.createUser({
        email: values.email!,
        password: values.password!,
        firstname: values.firstname,
        lastname: values.lastname,
        company: values.company,
        superUser: values.super,
        internal: values.internal,
      });
      console.log(
        `created user #${user.id} ${user.email}${user.is_super_user ? ' (super user)' : ''}${user.jde ? ' (internal)' : ''}`,
      );
    });
    return;
  }
  if (sub === 'approve') {
    const email = rest[0];
    if (!email) throw new UsageError('user approve needs an e-mail address');
    // The same approval as the admin screens (mail, audit row with the actor 'cli').
    await withContext(async ({ admin }) => {
      const user = await admin.approveByEmail(email);
      const note =
        user.state === 'pendingConfirmation' ? ' (e-mail not confirmed yet: login waits for it)' : '';
      console.log(`approved ${user.email}${note}`);
    });
    return;
  }
  if (sub === 'list') {
    await withContext(async ({ accounts }) => {
      const users = await accounts.listUsers();
      const rows = users.map((user) => ({
        id: user.id,
        email: user.email,
        name: `${user.firstname} ${user.lastname}`,
        company: user.company,
        state:
          user.deactivated_at !== null
            ? 'deactivated'
            : user.rejected_at !== null
              ? 'rejected'
              : user.email_confirmed_at === null
                ? 'registered'
                : user.approved_at === null
                  ? 'confirmed'
                  : 'active',
        roles:
          [user.is_super_user ? 'super' : '', user.jde ? 'internal' : ''].filter(Boolean).join(',') || '-',
      }));
      console.table(rows);
    });
    return;
  }
  throw new UsageError(`unknown user command: ${sub ?? '(none)'}`);
}

async function importCommand(args: string[]): Promise<void> {
  const [dir, ...extra] = args;
  if (!dir || extra.length > 0) throw new UsageError('import needs exactly one directory');
  await withContext(async ({ imports }) => {
    const report = await imports.importDirectory(path.resolve(dir));
    console.log(formatImportReport(report));
  });
}

async function demoCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  // Progress on stderr, so that stdout keeps only the result.
  const progress = {
    info: (object: object, message: string) => console.error(`${message} ${JSON.stringify(object)}`),
  };
  if (values.out) {
    const target = path.resolve(values.out);
    const counts = await generateDemoDirectory(target, (done, total) => {
      if (done === total || done % 50 === 0) progress.info({ done, total }, 'rendering pictures');
    });
    console.log(`wrote ${counts.nodes} nodes, ${counts.assets} assets, ${counts.files} files to ${target}`);
    return;
  }
  await withContext(async ({ imports }) => {
    const { report } = await loadDemoCatalogue(imports, progress);
    console.log(formatImportReport(report));
  });
}

/** Progress of the long operations goes to stderr, so that stdout keeps only the result. */
const progressToStderr = (message: string) => console.error(message);

async function backupCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  if (!values.to) throw new UsageError('backup needs --to DIR');
  // No bootstrap: a backup reads the live database as it is and never migrates it.
  const report = await backupEmbedded({ config: loadConfig(), to: values.to, progress: progressToStderr });
  console.log(formatBackupReport(report));
  if (!report.ok) process.exitCode = 1;
}

async function restoreCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { from: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (!values.from) throw new UsageError('restore needs --from DIR');
  const report = await restoreEmbedded({
    config: loadConfig(),
    from: values.from,
    force: values.force,
    progress: progressToStderr,
  });
  console.log(formatRestoreReport(report));
}

async function migrateDataCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'blobs-to': { type: 'string' },
      'blobs-from': { type: 'string' },
    },
  });
  if (!values.from || !values.to)
    throw new UsageError('migrate-data needs --from sqlite:PATH and --to postgres://…');
  const report = await migrateData({
    from: values.from,
    to: values.to,
    blobsTo: values['blobs-to'],
    blobsFrom: values['blobs-from'],
    progress: progressToStderr,
  });
  console.log(formatMigrateDataReport(report));
  if (!report.ok) process.exitCode = 1;
}

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  // `mediabox user add --help` asks for help, not for an unknown option.
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'serve':
      await import('./main.js');
      return;
    case 'migrate':
      await withContext(async () => console.log('database is up to date'));
      return;
    case 'user':
      await userCommand(args);
      return;
    case 'import':
      await importCommand(args);
      return;
    case 'demo':
      await demoCommand(args);
      return;
    case 'backup':
      await backupCommand(args);
      return;
    case 'restore':
      await restoreCommand(args);
      return;
    case 'migrate-data':
      await migrateDataCommand(args);
      return;
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

/** node:util parseArgs rejects unknown or malformed options with these codes: a usage mistake, not a crash. */
function isArgumentError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError || isArgumentError(err)) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(64);
  }
  if (err instanceof ImportValidationError) {
    console.error(`Nothing was imported. ${err.message}:`);
    for (const problem of err.problems) console.error(`  ${formatProblem(problem)}`);
    process.exit(1);
  }
  if (err instanceof ConfigError || err instanceof AppError || err instanceof OperationError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
