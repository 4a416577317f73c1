import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { MIGRATION_NAMES } from '../../platform/db/migrate.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { checkReadiness } from './readiness.js';

describeEachDatabase('health and readiness', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const ready = () => call(t.app, 'GET', '/api/ready');

  it('liveness: /api/health answers without login with the database kind', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('readiness: /api/ready answers 200 without login when database, schema and blob store are fine', async () => {
    const response = await ready();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      failing: [],
      checks: { database: { ok: true }, migrations: { ok: true }, blobs: { ok: true } },
    });
  });

  it('answers 503 naming the migrations while one is pending, and is ready again once it has run', async () => {
    const latest = MIGRATION_NAMES.at(-1)!;
    const table = sql.table(DEFAULT_MIGRATION_TABLE);
    const { rows } = await sql<{
      timestamp: string;
    }>`select timestamp from ${table} where name = ${latest}`.execute(t.context.database.db);
    await sql`delete from ${table} where name = ${latest}`.execute(t.context.database.db);
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not-ready',
        failing: ['migrations'],
        checks: {
          database: { ok: true },
          migrations: { ok: false, detail: '1 migration(s) pending' },
          blobs: { ok: true },
        },
      });
    } finally {
      await sql`insert into ${table} (name, timestamp) values (${latest}, ${rows[0]!.timestamp})`.execute(
        t.context.database.db,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('answers 503 naming the blob store when it cannot be reached, without its error text', async () => {
    vi.spyOn(t.context.blobs, 'exists').mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.7:9000'));
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not-ready',
      failing: ['blobs'],
      checks: { blobs: { ok: false, detail: 'blob store unreachable' } },
    });
    expect(response.body).not.toContain('10.0.0.7');
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const executor = t.context.database.db.getExecutor();
    vi.spyOn(executor, 'executeQuery').mockRejectedValue(new Error('terminating connection'));
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not-ready',
      failing: ['database', 'migrations'],
      checks: { database: { ok: false, detail: 'database unreachable' }, blobs: { ok: true } },
    });
  });

  it('fails a check that hangs after its timeout, rather than holding the probe', async () => {
    vi.spyOn(t.context.blobs, 'exists').mockReturnValue(new Promise<boolean>(() => {}));
    const started = Date.now();
    const readiness = await checkReadiness(t.context, 100);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(readiness).toEqual({
      ready: false,
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        blobs: { ok: false, detail: 'blob store unreachable' },
      },
    });
  });
});
