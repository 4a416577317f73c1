import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { SIGNING_SECRET_SETTING, SecretStore } from './secret-store.js';

describeEachDatabase('secret store', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('generates one 256-bit secret, keeps it in settings, and every instance agrees', async () => {
    const db = t.context.database.db;
    const stores = Array.from({ length: 5 }, () => new SecretStore(db, undefined));
    const secrets = await Promise.all(stores.map((store) => store.masterSecret()));
    expect(secrets[0]).toHaveLength(32);
    for (const secret of secrets) expect(secret.equals(secrets[0]!)).toBe(true);
    const rows = await db
      .selectFrom('settings')
      .selectAll()
      .where('key', '=', SIGNING_SECRET_SETTING)
      .execute();
    expect(rows).toHaveLength(1);
    // A restart (a new store) reads the same secret.
    expect((await new SecretStore(db, undefined).masterSecret()).equals(secrets[0]!)).toBe(true);
  });

  it('uses SECRET from the configuration when set, and derives a different key per purpose', async () => {
    const store = new SecretStore(t.context.database.db, 'configured-secret-of-at-least-32-chars');
    expect((await store.masterSecret()).toString('utf8')).toBe('configured-secret-of-at-least-32-chars');
    const tickets = await store.keyFor('file-ticket');
    expect(tickets).toHaveLength(32);
    expect(tickets.equals(await store.keyFor('other'))).toBe(false);
    expect(
      tickets.equals(await new SecretStore(t.context.database.db, undefined).keyFor('file-ticket')),
    ).toBe(false);
  });
});
