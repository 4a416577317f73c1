import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../context.js';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Runs the CLI from its sources; answers its exit code and output instead of throwing on a failure. */
async function mediabox(args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.STORAGE_URL;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli.ts', ...args],
      { cwd: REPO_ROOT, env: childEnv, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// The commands' logic is tested in-process (backup-restore, migrate-data); this proves the wiring
// of the real process (arguments, output, exit code) once, for backup.
describe('mediabox backup / restore / migrate-data as commands', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-ops-cli-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = openDatabase(config.databaseUrl);
    await migrateToLatest(database);
    const context = createContext({ config, database, log: pino({ level: 'silent' }) });
    await context.accounts.createUser({
      email: 'chef@nordstern-kaffee.example',
      password: 'Chef-password-1',
    });
    const blob = await context.blobs.put(Buffer.from('packshot bytes'));
    await database.db
      .insertInto('blobs')
      .values({ ...blob, mime_type: 'image/jpeg', created_at: Date.now() })
      .execute();
    await context.jobs.stop();
    await database.close();
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('backs up with exit code 0 and prints what it copied', async () => {
    const backupDir = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`);
    try {
      const backup = await mediabox(['backup', '--to', backupDir], { DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/blobs: 1 \(14 B\), each verified by its sha256/);
      expect(backup.stdout).toMatch(/users 1\b/);
      expect(backup.stdout.trim().split('\n').at(-1)).toBe('backup complete');
      expect(JSON.parse(await fs.readFile(path.join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({
        tables: { users: 1, blobs: 1 },
      });
    } finally {
      await fs.rm(backupDir, { recursive: true, force: true });
    }
  });

  // Read from the source rather than from another process: cli.ts runs its command on import.
  it('lists every command it dispatches in its usage text', async () => {
    const source = await fs.readFile(path.join(REPO_ROOT, 'apps/server/src/cli.ts'), 'utf8');
    const usage = /const USAGE = `([\s\S]*?)`;/.exec(source)![1]!;
    const commands = [...source.matchAll(/case '([a-z][a-z-]*)':/g)].map((match) => match[1]!);
    expect(commands).toEqual(expect.arrayContaining(['backup', 'restore', 'migrate-data']));
    for (const command of commands.filter((name) => name !== 'help')) {
      expect(usage, command).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    expect(usage).toContain('restore --from DIR [--force]');
    expect(usage).toContain('migrate-data --from sqlite:PATH --to postgres://… [--blobs-to s3://…|file:DIR]');
  });
});
