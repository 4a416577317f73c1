import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseFingerprint } from './database-fingerprint.js';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app.js';

describeEachDatabase('database fingerprint', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stays the same when nothing changed and names the one table a write changed', async () => {
    const before = await databaseFingerprint(t);
    expect(Object.keys(before)).toContain('users');
    expect(await databaseFingerprint(t)).toEqual(before);

    await sql`insert into settings (key, value) values ('fingerprint-probe', '1')`.execute(
      t.context.database.db,
    );
    const afterInsert = await databaseFingerprint(t);
    expect(Object.keys(afterInsert).filter((table) => afterInsert[table] !== before[table])).toEqual([
      'settings',
    ]);

    await sql`update settings set value = '2' where key = 'fingerprint-probe'`.execute(t.context.database.db);
    const afterUpdate = await databaseFingerprint(t);
    expect(afterUpdate.settings).not.toEqual(afterInsert.settings);
    expect(afterUpdate.settings!.split(':')[0]).toEqual(afterInsert.settings!.split(':')[0]);
  });
});
