import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { createScratchPostgres } from '../operations/testing/scratch-postgres.js';
import { openDatabase, type DatabaseHandle, type DialectName } from '../platform/db/database.js';

/**
 * A database with no tables at all (a scratch PostgreSQL database or a fresh SQLite file), for tests
 * that run migrations one by one. Closed and removed when the calling test finishes.
 */
export async function emptyDatabase(dialect: DialectName): Promise<DatabaseHandle> {
  if (dialect === 'postgres') {
    const scratch = await createScratchPostgres();
    const handle = openDatabase(scratch.url);
    onTestFinished(async () => {
      await handle.close();
      await scratch.drop();
    });
    return handle;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-migrations-'));
  const handle = openDatabase(`sqlite:${path.join(dir, 'migrations.sqlite')}`);
  onTestFinished(async () => {
    await handle.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  return handle;
}
