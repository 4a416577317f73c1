import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig, type Config } from '../platform/config.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import { storeBlob } from '../modules/catalogue/testing/catalogue-seed.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { nextIp } from '../test/users.js';
import { backupEmbedded, type BackupReport } from './backup.js';
import { DATABASE_FILE, MANIFEST_FILE } from './backup-manifest.js';
import { COPIED_TABLES, REBUILT_TABLES } from './data-tables.js';
import { OperationError } from './operation-error.js';
import { formatBackupReport } from './report-format.js';
import { restoreEmbedded } from './restore.js';
import { openSqliteFile, sqliteRowCount } from './sqlite-file.js';
import { populateInstallation, type Installation } from './testing/populated-installation.js';
import { canonicalRows } from './testing/table-rows.js';

const blobFile = (dataDir: string, sha256: string) =>
  path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

function embeddedConfig(dataDir: string): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
}

/** Every table's rows of an embedded installation, read through Kysely as the portal reads them. */
async function allRows(databaseUrl: string): Promise<Record<string, unknown[]>> {
  const handle = openDatabase(databaseUrl);
  try {
    const db = handle.db as unknown as Kysely<unknown>;
    const rows: Record<string, unknown[]> = {};
    for (const table of [...COPIED_TABLES, ...REBUILT_TABLES]) rows[table] = await canonicalRows(db, table);
    return rows;
  } finally {
    await handle.close();
  }
}

describe('mediabox backup and restore (embedded mode)', () => {
  let source: TestApp;
  let installation: Installation;
  let scratch: string;
  let backupDir: string;
  let report: BackupReport;
  const dir = (name: string) => path.join(scratch, name);

  beforeAll(async () => {
    source = await createTestApp('sqlite');
    installation = await populateInstallation(source);
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-backup-'));
    backupDir = dir('backup');
    // The test app keeps its database open, as the running portal does.
    report = await backupEmbedded({
      config: source.config,
      to: backupDir,
      now: () => new Date(source.clock.now()),
    });
  });
  afterAll(async () => {
    await source?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('writes the database snapshot, every blob it names and a manifest with counts, sizes and version', async () => {
    expect(report.ok).toBe(true);
    const blobs = await source.context.database.db.selectFrom('blobs').select(['sha256', 'size']).execute();
    expect(report.manifest).toMatchObject({
      format: 'mediabox-backup',
      createdAt: new Date(source.clock.now()).toISOString(),
      mediaboxVersion: '0.1.0',
      database: { file: DATABASE_FILE },
      blobs: {
        count: blobs.length,
        bytes: blobs.reduce((sum, blob) => sum + blob.size, 0),
        goneSinceSnapshot: [],
        missing: [],
      },
    });
    expect(report.manifest.migrations.length).toBeGreaterThanOrEqual(10);
    expect(report.manifest.tables.users).toBe(4);
    expect(Object.keys(report.manifest.tables).sort()).toEqual([...COPIED_TABLES, ...REBUILT_TABLES].sort());
    const written = JSON.parse(await fs.readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')) as unknown;
    expect(written).toEqual(report.manifest);
    for (const { sha256 } of blobs) {
      expect(
        (await fs.readFile(blobFile(backupDir, sha256))).equals(
          await fs.readFile(blobFile(source.dataDir, sha256)),
        ),
      ).toBe(true);
    }
  });

  it('restores into a new DATA_DIR: the same rows in every table, byte-identical blobs, a working search', async () => {
    const restoredDir = dir('restored');
    const config = embeddedConfig(restoredDir);
    const restored = await restoreEmbedded({ config, from: backupDir });
    expect(restored.databaseFile).toBe(path.join(restoredDir, 'mediabox.sqlite'));
    expect(restored.blobs.copied).toBe(report.manifest.blobs.count);

    expect(await allRows(config.databaseUrl)).toEqual(await allRows(source.config.databaseUrl));
    const blobs = await source.context.database.db.selectFrom('blobs').select('sha256').execute();
    for (const { sha256 } of blobs) {
      const original = await fs.readFile(blobFile(source.dataDir, sha256));
      expect((await fs.readFile(blobFile(restoredDir, sha256))).equals(original), sha256).toBe(true);
    }

    // The restored portal starts on it (migrations up to date) and its FTS index came along.
    const database = openDatabase(config.databaseUrl);
    try {
      expect(await migrateToLatest(database)).toEqual([]);
      const context = createContext({
        config,
        database,
        log: pino({ level: 'silent' }),
        clock: new ManualClock(0),
      });
      const result = await context.search.search({
        text: installation.searchable.text,
        rootId: 1,
        offset: 0,
        limit: 10,
      });
      expect(result.hits.map((hit) => hit.assetId)).toContain(installation.searchable.assetId);
    } finally {
      await database.close();
    }
  });

  it('takes a consistent snapshot while the portal keeps writing', async () => {
    const live = openSqliteFile(source.config.databaseUrl.slice('sqlite:'.length));
    const before = sqliteRowCount(live, 'page_views');
    live.close();
    let writing = true;
    const writer = (async () => {
      let writes = 0;
      while (writing || writes < 5) {
        const answer = await call(source.app, 'POST', '/api/track', {
          token: installation.partner.token,
          ip: nextIp(),
          body: { consent: true, events: [{ type: 'pageView', path: `/de/asset/${writes}` }] },
        });
        expect(answer.statusCode).toBe(204);
        writes += 1;
      }
      return writes;
    })();
    const busy = await backupEmbedded({ config: source.config, to: dir('busy') }).finally(() => {
      writing = false;
    });
    const writes = await writer;
    expect(busy.ok).toBe(true);
    // The snapshot is one moment: its counts are the manifest's, somewhere between before and after.
    const snapshot = openSqliteFile(path.join(dir('busy'), DATABASE_FILE));
    try {
      for (const [table, count] of Object.entries(busy.manifest.tables)) {
        expect(sqliteRowCount(snapshot, table), table).toBe(count);
      }
    } finally {
      snapshot.close();
    }
    expect(busy.manifest.tables.page_views).toBeGreaterThanOrEqual(before);
    expect(busy.manifest.tables.page_views).toBeLessThanOrEqual(before + writes);
  });

  it('refuses what would lose or fake data', async () => {
    await expect(backupEmbedded({ config: source.config, to: backupDir })).rejects.toThrow(/is not empty/);
    const postgres = { ...source.config, databaseUrl: 'postgres://postgres@127.0.0.1:5432/mediabox' };
    await expect(backupEmbedded({ config: postgres, to: dir('pg') })).rejects.toThrow(/pg_dump/);
    await expect(fs.stat(dir('pg'))).rejects.toThrow();
    await expect(restoreEmbedded({ config: postgres, from: backupDir })).rejects.toThrow(/pg_restore/);

    // A backup directory without its manifest is an interrupted backup.
    await fs.mkdir(dir('interrupted'));
    await fs.copyFile(path.join(backupDir, DATABASE_FILE), path.join(dir('interrupted'), DATABASE_FILE));
    await expect(
      restoreEmbedded({ config: embeddedConfig(dir('r1')), from: dir('interrupted') }),
    ).rejects.toThrow(/not a finished Mediabox backup/);
    // A database file that changed after the backup.
    await fs.cp(backupDir, dir('tampered'), { recursive: true });
    await fs.appendFile(path.join(dir('tampered'), DATABASE_FILE), Buffer.alloc(4096));
    await expect(
      restoreEmbedded({ config: embeddedConfig(dir('r2')), from: dir('tampered') }),
    ).rejects.toThrow(/does not match the manifest's checksum/);
    // A DATA_DIR in use, without --force.
    await expect(restoreEmbedded({ config: source.config, from: backupDir })).rejects.toBeInstanceOf(
      OperationError,
    );
    await expect(restoreEmbedded({ config: source.config, from: backupDir })).rejects.toThrow(
      /needs --force/,
    );
  });

  it('restore --force replaces a non-empty DATA_DIR, and a damaged blob stops it before anything changes', async () => {
    const targetDir = dir('occupied');
    const config = embeddedConfig(targetDir);
    const database = openDatabase(config.databaseUrl);
    await migrateToLatest(database);
    const context = createContext({ config, database, log: pino({ level: 'silent' }) });
    await context.accounts.createUser({ email: 'alt@partner.example', password: 'Alt-password-1' });
    await context.jobs.stop();
    await database.close();

    await fs.cp(backupDir, dir('damaged'), { recursive: true });
    const [victim] = await source.context.database.db.selectFrom('blobs').select('sha256').limit(1).execute();
    await fs.writeFile(blobFile(dir('damaged'), victim!.sha256), 'not the original bytes');
    await expect(restoreEmbedded({ config, from: dir('damaged'), force: true })).rejects.toThrow(
      /1 damaged .*The database was not replaced/,
    );
    expect((await allRows(config.databaseUrl)).users).toEqual([
      expect.objectContaining({ email: 'alt@partner.example' }),
    ]);

    await restoreEmbedded({ config, from: backupDir, force: true });
    expect(await allRows(config.databaseUrl)).toEqual(
      await allRows(`sqlite:${path.join(backupDir, DATABASE_FILE)}`),
    );
    expect(await fs.readdir(targetDir)).not.toContainEqual(expect.stringMatching(/restoring/));
  });
});

describe('mediabox backup of an installation that lost a blob', () => {
  it('keeps the backup, names the blob in the manifest, reports failure, and restore refuses it', async () => {
    const t = await createTestApp('sqlite');
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-backup-lost-'));
    try {
      const kept = await storeBlob(t, Buffer.from('kept'));
      const lost = await storeBlob(t, Buffer.from('lost'));
      await fs.rm(blobFile(t.dataDir, lost));

      const report = await backupEmbedded({ config: t.config, to: path.join(scratch, 'backup') });
      expect(report.ok).toBe(false);
      expect(report.lostBlobs).toEqual([lost]);
      expect(report.manifest.blobs).toMatchObject({ count: 1, missing: [lost], goneSinceSnapshot: [] });
      expect(await fs.readFile(blobFile(path.join(scratch, 'backup'), kept), 'utf8')).toBe('kept');
      expect(formatBackupReport(report)).toMatch(/MISSING from the blob store: 1[\s\S]*backup INCOMPLETE/);

      await expect(
        restoreEmbedded({
          config: embeddedConfig(path.join(scratch, 'restored')),
          from: path.join(scratch, 'backup'),
        }),
      ).rejects.toThrow(/1 missing, 0 damaged/);
    } finally {
      await t.close();
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
});
