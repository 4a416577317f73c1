import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes } from '../catalogue/testing/catalogue-seed.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { DEMO_CLAIM_STALE_MS, DemoRepository } from './demo.repository.js';
import { loadDemoOnFirstStart } from './first-start-demo.js';

describeEachDatabase('demo catalogue on a shared database', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('counts a catalogue of the country roots alone as empty, and one category or asset as content', async () => {
    const repository = new DemoRepository(t.context.database.db);
    expect(await repository.catalogueIsEmpty()).toBe(true);
    await seedNodes(t, [{ id: 2000, parentId: 123, rootId: 123, de: 'Kaffee' }]);
    expect(await repository.catalogueIsEmpty()).toBe(false);
    await t.context.database.db.deleteFrom('nodes').where('id', '=', 2000).execute();
    // An asset put straight into a root (the admin screens allow it) is content too.
    const asset = await seedAsset(t, imageAsset(658, 658, 'Logo'));
    expect(await repository.catalogueIsEmpty()).toBe(false);
    await t.context.database.db.deleteFrom('assets').where('id', '=', asset.id).execute();
    expect(await repository.catalogueIsEmpty()).toBe(true);
  });

  it('is claimed by exactly one of the instances starting together, and taken over only when stale', async () => {
    const instances = Array.from({ length: 4 }, () => new DemoRepository(t.context.database.db));
    const now = t.clock.now();
    const claims = await Promise.all(instances.map((instance) => instance.claimDemoLoad(now)));
    expect(claims.filter(Boolean)).toHaveLength(1);

    // A later start while the claim is fresh: the loading instance is still at work.
    expect(await instances[0]!.claimDemoLoad(now + DEMO_CLAIM_STALE_MS - 1)).toBe(false);
    // Its loader died long ago with the catalogue still empty: one instance takes over.
    const later = now + DEMO_CLAIM_STALE_MS + 1;
    const takeovers = await Promise.all(instances.map((instance) => instance.claimDemoLoad(later)));
    expect(takeovers.filter(Boolean)).toHaveLength(1);
  });

  it('is not loaded by an instance whose claim lost', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    // Another instance holds a fresh claim (this call, or the test above): this start leaves the load to it.
    await new DemoRepository(t.context.database.db).claimDemoLoad(t.clock.now());
    await loadDemoOnFirstStart({ ...t.context, config: { ...t.context.config, demo: true }, log });
    expect(lines.join('')).toContain('another instance is loading the demo catalogue');
    expect(await new DemoRepository(t.context.database.db).catalogueIsEmpty()).toBe(true);
  });
});
