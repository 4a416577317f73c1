import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, makeImportDir } from '../test/import-dirs.js';
import { serverBundle } from '../test/server-bundle.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * Crash safety of the embedded installation (SQLite + blob files): the real server, started from
 * a bundle, is killed with SIGKILL at a random moment while uploads are imported, categories are
 * made, bundles are built, a CLI import runs and rendition jobs work, for at least 50 rounds.
 * After each kill: the database passes its integrity and foreign-key checks, every write that was
 * answered is there, and every blob file is complete (its content hashes to its name). At the end
 * the interrupted jobs have all finished and every answered bundle streams whole.
 */
const ROUNDS = Number(process.env.MEDIABOX_CRASH_ROUNDS ?? 50);
const ADMIN = { email: 'crash-admin@nordstern-kaffee.example', password: 'Crash-Test-Admin-1' };
/** Short job leases, so the restarted server takes over the killed one's jobs within the test. */
const ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  JOB_LEASE_SECONDS: '2',
  INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
};

interface Acknowledged {
  nodes: Set<number>;
  assets: Set<number>;
  bundles: Set<string>;
  /** Names of assets a CLI import reported as imported (exit code 0). */
  imports: Set<string>;
}

describe('crash safety: SIGKILL during imports, uploads, bundles and jobs', () => {
  let bundle: { main: string; cli: string };
  let dataDir: string;
  let server: ServerProcess | undefined;
  let token: string;
  let categoryId: number;
  const acknowledged: Acknowledged = {
    nodes: new Set(),
    assets: new Set(),
    bundles: new Set(),
    imports: new Set(),
  };
  const hashedBlobs = new Set<string>();
  const cleanup: string[] = [];

  beforeAll(async () => {
    bundle = await serverBundle();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-crash-'));
    cleanup.push(dataDir);
    const initial = await makeImportDir(
      {
        nodes: [
          { id: 1, parentId: null, name: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' } },
          { id: 2, parentId: 1, name: { de: 'Kaffee', en: 'Coffee', fr: 'Café' } },
        ],
        assets: [],
      },
      {},
    );
    cleanup.push(initial);
    const imported = await runCli(bundle.cli, dataDir, ['import', initial]);
    expect(imported.code, imported.output).toBe(0);

    server = await start();
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    categoryId = withDatabase(dataDir, (db) => {
      const row = db.prepare("select id from nodes where name_de = 'Kaffee'").get() as { id: number };
      return row.id;
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    for (const dir of cleanup) await fs.rm(dir, { recursive: true, force: true });
  });

  const start = () => startServerProcess(ENV, { script: bundle.main, dataDir });
  const api = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server!.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });

  /** The writes of one round, each recording its answer; all of them race the kill. */
  function workload(round: number): { done: Promise<unknown>; importProcess?: ChildProcess } {
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 2; i += 1) {
      writes.push(
        (async () => {
          const form = new FormData();
          form.append(
            'files',
            new Blob([await uniqueJpeg()], { type: 'image/jpeg' }),
            `crash-${round}-${i}.jpg`,
          );
          const answer = await api('POST', `/api/admin/catalogue/nodes/${categoryId}/assets`, form);
          if (answer.ok) {
            const { assets } = (await answer.json()) as { assets: { assetId: number }[] };
            for (const asset of assets) acknowledged.assets.add(asset.assetId);
          }
        })(),
      );
    }
    writes.push(
      (async () => {
        const name = { de: `Runde ${round}`, en: `Round ${round}`, fr: `Tour ${round}` };
        const answer = await api('POST', '/api/admin/catalogue/nodes', { parentId: categoryId, name });
        if (answer.status === 201)
          acknowledged.nodes.add(((await answer.json()) as { node: { id: number } }).node.id);
      })(),
    );
    const known = [...acknowledged.assets];
    if (known.length > 0) {
      writes.push(
        (async () => {
          const put = await api('PUT', '/api/cart/', { assetId: known[round % known.length] });
          if (!put.ok) return;
          const answer = await api('GET', '/api/cart/download');
          if (answer.ok) acknowledged.bundles.add(((await answer.json()) as { filename: string }).filename);
        })(),
      );
    }
    let importProcess: ChildProcess | undefined;
    if (round % 5 === 0) {
      const name = `Import ${round}`;
      writes.push(
        (async () => {
          const dir = await makeImportDir(
            {
              nodes: [{ id: 1, parentId: null, name: { de: 'Deutschland', en: 'Germany', fr: 'Allemagne' } }],
              assets: [{ container: 1, name: { de: name }, files: [{ path: 'bild.jpg', mediaType: 1100 }] }],
            },
            {},
          );
          cleanup.push(dir);
          await fs.writeFile(path.join(dir, 'bild.jpg'), await uniqueJpeg());
          const cli = runCli(bundle.cli, dataDir, ['import', dir]);
          importProcess = cli.child;
          if ((await cli).code === 0) acknowledged.imports.add(name);
        })(),
      );
    }
    // Failed requests (connection reset by the kill) are the point: only answers count.
    return {
      done: Promise.allSettled(writes),
      get importProcess() {
        return importProcess;
      },
    };
  }

  it(`survives ${ROUNDS} kills without losing an answered write or serving a half-written file`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      server ??= await start();
      const work = workload(round);
      await sleep(randomInt(20, 700));
      await server.kill();
      work.importProcess?.kill('SIGKILL');
      server = undefined;
      await work.done;

      checkDatabase(dataDir, acknowledged, round);
      await checkBlobs(dataDir, hashedBlobs);
    }
    // The kills must also have come late enough, in some rounds, for writes to be answered.
    expect(acknowledged.assets.size, 'uploads answered before a kill').toBeGreaterThan(ROUNDS / 10);
    expect(acknowledged.nodes.size, 'categories answered before a kill').toBeGreaterThan(ROUNDS / 10);
  }, 600_000);

  it('finishes every interrupted job and serves every answered bundle whole', async () => {
    server ??= await start();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const open = withDatabase(dataDir, (db) =>
        db
          .prepare(
            'select count(*) as n from jobs where done_at is null and failed_at is null and run_at <= ? and schedule_key is null',
          )
          .get(Date.now()),
      ) as { n: number };
      if (open.n === 0) break;
      expect(Date.now() < deadline, `${open.n} jobs still open after 90 s:\n${server.output()}`).toBe(true);
      await sleep(500);
    }
    withDatabase(dataDir, (db) => {
      expect(db.prepare('select name, last_error from jobs where failed_at is not null').all()).toEqual([]);
      const missing = db
        .prepare(
          `select f.id from asset_files f
           where f.mime_type = 'image/jpeg'
             and (select count(*) from renditions r where r.source_sha256 = f.blob_sha256) < 2`,
        )
        .all();
      expect(missing, 'images without thumbnail and preview').toEqual([]);
    });

    for (const filename of acknowledged.bundles) {
      const answer = await fetch(`${server.url}/api/download/${filename}`);
      if (answer.status === 404 || answer.status === 410) continue; // the cart's asset was withdrawn or expired
      expect(answer.status, filename).toBe(200);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length, filename).toBe(Number(answer.headers.get('content-length')));
      // A whole zip ends with its end-of-central-directory record.
      expect(bytes.subarray(-22).readUInt32LE(0), filename).toBe(0x06054b50);
    }
    await server.stop();
    server = undefined;
  }, 180_000);
});

function checkDatabase(dataDir: string, acknowledged: Acknowledged, round: number): void {
  withDatabase(dataDir, (db) => {
    const label = `after kill ${round}`;
    expect(db.pragma('integrity_check', { simple: true }), label).toBe('ok');
    expect(db.pragma('foreign_key_check'), label).toEqual([]);
    const ids = (table: string) =>
      new Set((db.prepare(`select id from ${table}`).all() as { id: number }[]).map((row) => row.id));
    const nodes = ids('nodes');
    const assets = ids('assets');
    expect(
      [...acknowledged.nodes].filter((id) => !nodes.has(id)),
      `${label}: answered categories`,
    ).toEqual([]);
    expect(
      [...acknowledged.assets].filter((id) => !assets.has(id)),
      `${label}: answered uploads`,
    ).toEqual([]);
    const bundles = new Set(
      (db.prepare('select filename from bundles').all() as { filename: string }[]).map((row) => row.filename),
    );
    expect(
      [...acknowledged.bundles].filter((name) => !bundles.has(name)),
      `${label}: answered bundles`,
    ).toEqual([]);
    const imported = new Set(
      (db.prepare('select name_de from assets').all() as { name_de: string }[]).map((row) => row.name_de),
    );
    expect(
      [...acknowledged.imports].filter((name) => !imported.has(name)),
      `${label}: finished imports`,
    ).toEqual([]);
    // Every file row points at a blob row (content-addressed storage is written before its rows).
    const orphans = db
      .prepare(
        'select f.id from asset_files f left join blobs b on b.sha256 = f.blob_sha256 where b.sha256 is null',
      )
      .all();
    expect(orphans, `${label}: files without blob`).toEqual([]);
  });
}

/** Every blob row has its file, and the file's content hashes to its name: nothing half-written under a final name. */
async function checkBlobs(dataDir: string, hashed: Set<string>): Promise<void> {
  const rows = withDatabase(dataDir, (db) => db.prepare('select sha256, size from blobs').all()) as {
    sha256: string;
    size: number;
  }[];
  for (const row of rows) {
    if (hashed.has(row.sha256)) continue;
    const file = path.join(dataDir, 'blobs', row.sha256.slice(0, 2), row.sha256.slice(2, 4), row.sha256);
    const bytes = await fs.readFile(file);
    expect(bytes.length, file).toBe(Number(row.size));
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(row.sha256);
    hashed.add(row.sha256);
  }
}

function withDatabase<T>(dataDir: string, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'mediabox.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The packshot fixture with a random JPEG comment after its start marker: a valid, unique image. */
async function uniqueJpeg(): Promise<Buffer> {
  const jpeg = await fs.readFile(path.join(FIXTURES, 'packshot-rgb.jpg'));
  const text = Buffer.from(`crash test ${randomBytes(12).toString('hex')}`);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

function runCli(
  script: string,
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; output: string }> & { child: ChildProcess } {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  return Object.assign(done, { child });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));
