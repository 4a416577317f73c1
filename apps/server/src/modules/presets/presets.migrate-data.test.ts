import type { PresetSettings } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateData } from '../../operations/migrate-data.js';
import { createScratchPostgres } from '../../operations/testing/scratch-postgres.js';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/test-app.js';
import { createAccount } from '../../test/users.js';
import { PresetsRepository } from './presets.repository.js';
import { PresetsService } from './presets.service.js';

/**
 * The shipped presets are rows every migrated database has (migration 0018): moving an embedded
 * installation to PostgreSQL must still find the new target empty, and must carry the source's own
 * presets — shipped ones changed or retired there included — with their versions and ids.
 */
describe.skipIf(!TEST_DIALECTS.includes('postgres'))('presets through migrate-data', () => {
  let source: TestApp;
  let target: Awaited<ReturnType<typeof createScratchPostgres>>;
  let targetDb: DatabaseHandle;

  const settings: PresetSettings = {
    format: 'webp',
    size: { mode: 'fit', width: 800, height: 600 },
    allowUpscale: false,
    refuseUpscaling: false,
    colourSpace: 'srgb',
    dpi: 96,
    quality: 75,
    maxBytes: null,
    fileSuffix: '_web',
  };

  beforeAll(async () => {
    source = await createTestApp('sqlite');
    target = await createScratchPostgres();
    // The target's schema exists already, shipped presets included, as after a first start there.
    targetDb = openDatabase(target.url);
    await migrateToLatest(targetDb);
  });
  afterAll(async () => {
    await targetDb?.close();
    await target?.drop();
    await source?.close();
  });

  it('carries changed, retired and new presets with every version, and new ids continue after them', async () => {
    const { row } = await createAccount(source, 'super');
    const actor = { id: row.id, email: 'admin@nordstern-kaffee.example' };
    const presets = source.context.presets;
    const [shop, , print] = await presets.listAll();
    await presets.update(actor, shop!.id, {
      name: { de: 'Shop', en: 'Shop', fr: 'Boutique' },
      settings: { ...shop!.settings, quality: 80 },
    });
    await presets.retire(actor, print!.id);
    const own = await presets.create(actor, { name: { de: 'Web', en: 'Web', fr: 'Web' }, settings });

    const report = await migrateData({ from: source.config.databaseUrl, to: target.url });
    expect(report.ok).toBe(true);

    const moved = new PresetsService({ repository: new PresetsRepository(targetDb.db), clock: source.clock });
    expect(await moved.listAll()).toEqual(await presets.listAll());
    expect((await moved.version(shop!.id, 1))?.settings.quality).toBe(90);
    expect((await moved.version(shop!.id, 2))?.settings.quality).toBe(80);

    const next = await moved.create(actor, { name: { de: 'Neu', en: 'New', fr: 'Nouveau' }, settings });
    expect(next.id).toBe(own.id + 1);
  });
});
