import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoCatalogue } from '../fixtures/demo/demo-catalogue.js';
import { findOnPath, GHOSTSCRIPT_MISSING } from '../modules/media/ghostscript-availability.js';
import { serverBundle } from '../test/server-bundle.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * Issue 16 "first run anywhere": on a machine with nothing but Node (no Ghostscript, no poppler, no
 * Chromium) the built server with DEMO on loads the whole demo catalogue, and every demo file gets
 * its thumbnail and preview: PDFs through PDFium, EPS as placeholders. CI installs those programs
 * for other tests, so this test hides them: the server's PATH is a folder holding only `node`.
 */
const ADMIN = { email: 'bare-admin@nordstern-kaffee.example', password: 'Bare-Machine-Admin-1' };
/** Alone on two cores it takes about 65 s; the bound leaves room for a full parallel test run. */
const DEADLINE_MS = 240_000;
const MISSING_PROGRAMS = ['gs', 'pdfinfo', 'pdftoppm', 'chromium', 'convert'];

describe('first run on a bare machine (only node on PATH)', () => {
  let binDir: string;
  let dataDir: string;
  let server: ServerProcess;
  let db: Database.Database;

  beforeAll(async () => {
    binDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-bare-path-'));
    await fs.symlink(process.execPath, path.join(binDir, 'node'));
    // Our own data directory: the last test starts the server on it again.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-bare-data-'));
    const bundle = await serverBundle();
    server = await startServerProcess(
      {
        PATH: binDir,
        DEMO: 'true',
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      { script: bundle.main, dataDir },
    );
    // The demo loads in the background after listen; then the rendition jobs run.
    const started = Date.now();
    while (!server.output().includes('demo catalogue: imported')) {
      if (server.output().includes('demo catalogue: loading failed') || Date.now() - started > DEADLINE_MS) {
        throw new Error(`the demo did not load:\n${server.output().slice(-4000)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    db = new Database(path.join(dataDir, 'mediabox.sqlite'), { readonly: true, fileMustExist: true });
    await renditionJobsDone(started + DEADLINE_MS);
  }, DEADLINE_MS + 30_000);

  async function renditionJobsDone(deadline: number): Promise<void> {
    for (;;) {
      const open = db
        .prepare(
          "select count(*) as n from jobs where name = 'media.renditions' and done_at is null and failed_at is null",
        )
        .get() as { n: number };
      if (open.n === 0) return;
      if (Date.now() > deadline) throw new Error(`${open.n} rendition jobs still open`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  afterAll(async () => {
    db?.close();
    await server?.stop();
    await fs.rm(binDir, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs without the programs it no longer needs', () => {
    for (const program of MISSING_PROGRAMS) expect(findOnPath(program, binDir), program).toBeUndefined();
    expect(server.output()).not.toMatch(/ENOENT|gs failed/);
  });

  it('loads all three country roots and every demo asset, in every format', async () => {
    const catalogue = buildDemoCatalogue();
    const roots = db.prepare('select id from nodes where parent_id is null order by id').all() as Array<{
      id: number;
    }>;
    expect(roots.map((root) => root.id)).toEqual([1, 123, 658]);
    const assets = db.prepare('select count(*) as n from assets where withdrawn_at is null').get() as {
      n: number;
    };
    expect(assets.n).toBe(catalogue.assets.length);
    const types = db
      .prepare('select distinct media_type from asset_files order by media_type')
      .all() as Array<{
      media_type: number;
    }>;
    expect(types.map((row) => row.media_type)).toEqual([1100, 1200, 1300, 1400, 1500]);
    // Each root answers through the API as a signed-in user sees it.
    const token = await login();
    for (const { id } of roots) {
      const response = await fetch(`${server.url}/api/node/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, `node ${id}`).toBe(200);
    }
  });

  it('gives every demo file a thumbnail and a preview: PDFs rendered, EPS as placeholders', () => {
    const missing = db
      .prepare(
        `select f.file_name, f.media_type from asset_files f
         where (select count(*) from renditions r where r.source_sha256 = f.blob_sha256
                and r.kind in ('thumb', 'preview')) < 2`,
      )
      .all();
    expect(missing).toEqual([]);
    const failed = db.prepare('select name, last_error from jobs where failed_at is not null').all();
    expect(failed).toEqual([]);
    const byType = db
      .prepare(
        `select f.media_type, max(r.placeholder) as anyPlaceholder, min(r.placeholder) as allPlaceholder
         from asset_files f join renditions r on r.source_sha256 = f.blob_sha256
         group by f.media_type order by f.media_type`,
      )
      .all();
    expect(byType).toEqual([
      { media_type: 1100, anyPlaceholder: 0, allPlaceholder: 0 },
      { media_type: 1200, anyPlaceholder: 0, allPlaceholder: 0 },
      { media_type: 1300, anyPlaceholder: 0, allPlaceholder: 0 },
      { media_type: 1400, anyPlaceholder: 1, allPlaceholder: 1 },
      { media_type: 1500, anyPlaceholder: 0, allPlaceholder: 0 },
    ]);
  });

  it('says once that Ghostscript is missing: in the log, in /api/ready and to administrators', async () => {
    expect(server.output().split(GHOSTSCRIPT_MISSING).length - 1).toBe(1);
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', notices: [GHOSTSCRIPT_MISSING] });
    const jobs = await fetch(`${server.url}/api/admin/jobs`, {
      headers: { authorization: `Bearer ${await login()}` },
    });
    expect(await jobs.json()).toMatchObject({ notices: ['ghostscriptMissing'] });
  });

  // CI has Ghostscript (for the EPS tests); a developer machine may not.
  it.skipIf(!findOnPath('gs'))(
    'renders the EPS placeholders for real at the next start with Ghostscript on PATH',
    async () => {
      await server.stop();
      server = await startServerProcess(
        {
          PATH: process.env.PATH ?? '',
          DEMO: 'true',
          LOG_LEVEL: 'info',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
        },
        { script: (await serverBundle()).main, dataDir },
      );
      const deadline = Date.now() + 60_000;
      await renditionJobsDone(deadline);
      const placeholders = () =>
        (db.prepare('select count(*) as n from renditions where placeholder = 1').get() as { n: number }).n;
      // The start deletes the placeholders before it listens, so none may remain once the jobs are done.
      expect(placeholders()).toBe(0);
      const eps = db
        .prepare(
          `select count(distinct f.blob_sha256) as n from asset_files f join renditions r
           on r.source_sha256 = f.blob_sha256 where f.media_type = 1400`,
        )
        .get() as { n: number };
      expect(eps.n).toBeGreaterThan(0);
      expect(server.output()).toContain('EPS placeholder previews queued for rendering');
      expect(server.output()).not.toContain(GHOSTSCRIPT_MISSING);
      const ready = (await (await fetch(`${server.url}/api/ready`)).json()) as Record<string, unknown>;
      expect(ready.notices).toBeUndefined();
    },
    90_000,
  );

  async function login(): Promise<string> {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }
});
