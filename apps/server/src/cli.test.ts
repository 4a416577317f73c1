import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCodes, SignupRequest } from '@mediabox/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from './context.js';
import { loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrate.js';
import { AppError } from './platform/http/app-error.js';
import { deliveredMailsTo, lastMailTo, linkIn } from './test/mails.js';
import { createTestApp, describeEachDatabase, type TestApp } from './test/test-app.js';
import { findUser, logIn, signupForm, uniqueEmail } from './test/users.js';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

async function appError(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

// The commands `user add`, `user approve` and `user list` are thin over these service functions.
describeEachDatabase('CLI service functions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('user add: creates a confirmed, approved account that signs in at once, with the flags asked for', async () => {
    const email = uniqueEmail('cli-add');
    const user = await t.context.accounts.createUser({
      email: `  ${email.toUpperCase()} `,
      password: 'Cli-password-1',
      firstname: 'Carla',
      lastname: 'Cli',
      company: 'Partner GmbH',
      superUser: true,
    });
    expect(user).toMatchObject({ email, firstname: 'Carla', is_super_user: 1, jde: 0 });
    expect(user.email_confirmed_at).not.toBeNull();
    expect(user.approved_at).not.toBeNull();
    expect(await logIn(t, email, 'Cli-password-1')).toMatchObject({ userName: email, isSuperUser: true });

    const staff = await t.context.accounts.createUser({
      email: uniqueEmail('cli-staff', true),
      password: 'Cli-password-1',
    });
    expect(staff).toMatchObject({ jde: 1, is_super_user: 0 });
    const flagged = await t.context.accounts.createUser({
      email: uniqueEmail('cli-int'),
      password: 'Cli-password-1',
      internal: true,
    });
    expect(flagged.jde).toBe(1);
  });

  it('user add: refuses an address that exists', async () => {
    const email = uniqueEmail('cli-dup');
    await t.context.accounts.createUser({ email, password: 'Cli-password-1' });
    const error = await appError(
      t.context.accounts.createUser({ email: email.toUpperCase(), password: 'Other-password-1' }),
    );
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe(ErrorCodes.mailExists);
  });

  it('user approve: approves once and sends the activation mail in the language of the user', async () => {
    const form = signupForm({ lang: 'en' });
    await t.context.accounts.signup(SignupRequest.parse(form), '10.99.0.1');
    const approved = await t.context.admin.approveByEmail(` ${form.email.toUpperCase()}`);
    expect(approved.approvedAt).toBe(new Date(t.clock.now()).toISOString());
    const mail = await lastMailTo(t, form.email);
    expect(mail.subject).toBe('Your Mediabox account is active');
    expect(linkIn(mail, '/login').url).toBe('http://portal.test/login');

    t.clock.advance(1000);
    const again = await t.context.admin.approveByEmail(form.email);
    expect(again.approvedAt).toBe(approved.approvedAt);
    // Confirmation mail and one activation mail: approving twice sends nothing more.
    expect((await deliveredMailsTo(t, form.email)).map((item) => item.subject)).toEqual([
      'Please confirm your e-mail address',
      'Your Mediabox account is active',
    ]);
  });

  it('user approve: answers 404 for an unknown address', async () => {
    const error = await appError(t.context.admin.approveByEmail(uniqueEmail('nobody')));
    expect(error.statusCode).toBe(404);
  });

  it('user list: lists every account, oldest first, whatever its state', async () => {
    const before = (await t.context.accounts.listUsers()).length;
    const older = uniqueEmail('cli-older');
    await t.context.accounts.signup(SignupRequest.parse(signupForm({ email: older })), '10.99.0.3');
    t.clock.advance(1000);
    const newer = uniqueEmail('cli-newer');
    await t.context.accounts.createUser({ email: newer, password: 'Cli-password-1' });
    const users = await t.context.accounts.listUsers();
    expect(users).toHaveLength(before + 2);
    expect(users.slice(-2).map((user) => [user.email, user.approved_at === null])).toEqual([
      [older, true],
      [newer, false],
    ]);
    const created = users.map((user) => user.created_at);
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('first start: creates one super user when there is none, and only once', async () => {
    const fresh = await createTestApp(dialect, {
      ADMIN_EMAIL: 'chef@nordstern-kaffee.example',
      ADMIN_PASSWORD: 'Chef-password-1',
    });
    try {
      expect(await fresh.context.accounts.ensureFirstSuperUser()).toEqual({
        email: 'chef@nordstern-kaffee.example',
        password: null,
      });
      expect(await fresh.context.accounts.ensureFirstSuperUser()).toBeNull();
      expect(await findUser(fresh, 'chef@nordstern-kaffee.example')).toMatchObject({
        is_super_user: 1,
        jde: 1,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('mediabox CLI process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-cli-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('user list prints every account with its state and roles', async () => {
    // Accounts in three states, written to the database the CLI will find in DATA_DIR.
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
    });
    const database = openDatabase(config.databaseUrl);
    await migrateToLatest(database);
    const context = createContext({ config, database, log: pino({ level: 'silent' }) });
    await context.accounts.createUser({
      email: 'boss@nordstern-kaffee.example',
      password: 'Boss-password-1',
      superUser: true,
    });
    await context.accounts.signup(
      SignupRequest.parse(signupForm({ email: 'waiting@partner.example' })),
      '10.99.0.2',
    );
    await context.accounts.signup(
      SignupRequest.parse(signupForm({ email: 'confirmed@partner.example' })),
      '10.99.0.2',
    );
    await database.db
      .updateTable('users')
      .set({ email_confirmed_at: Date.now() })
      .where('email', '=', 'confirmed@partner.example')
      .execute();
    await context.jobs.stop();
    await database.close();

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    const { stdout } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli.ts', 'user', 'list'],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
    );
    const line = (email: string) => stdout.split('\n').find((row) => row.includes(email)) ?? '';
    expect(line('boss@nordstern-kaffee.example')).toMatch(/'active'.*'super,internal'/);
    expect(line('waiting@partner.example')).toMatch(/'Erika Muster'.*'registered'.*'-'/);
    expect(line('confirmed@partner.example')).toMatch(/'confirmed'/);
  });
});
