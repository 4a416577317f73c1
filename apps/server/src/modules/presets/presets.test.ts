import {
  ErrorCodes,
  type Preset,
  type PresetAnswer,
  type PresetSettings,
  type PresetsAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditOf } from '../admin/testing/admin-helpers.js';
import { databaseFingerprint } from '../../test/database-fingerprint.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';

const catalogueSettings: PresetSettings = {
  format: 'jpeg',
  size: { mode: 'fit', width: 1200, height: 800 },
  allowUpscale: false,
  refuseUpscaling: true,
  colourSpace: 'srgb',
  dpi: 150,
  quality: 80,
  maxBytes: 2_000_000,
  fileSuffix: '_katalog',
};
const catalogueNames = { de: 'Katalog', en: 'Catalogue', fr: 'Catalogue' };

describeEachDatabase('conversion presets', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let partner: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
    partner = await signInAs(t, 'registered');
  });
  afterAll(() => t.close());

  const userList = async () => {
    const response = await call(t.app, 'GET', '/api/presets', { token: partner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PresetsAnswer>().presets;
  };
  const adminList = async () => {
    const response = await call(t.app, 'GET', '/api/admin/presets', { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PresetsAnswer>().presets;
  };
  const create = async (body: unknown) => {
    const response = await call(t.app, 'POST', '/api/admin/presets', { token: admin.token, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PresetAnswer>().preset;
  };

  it('ships four presets, named in German, English and French, that every user can pick', async () => {
    const presets = await userList();
    expect(presets.map((preset) => [preset.shippedKey, preset.version, preset.retired])).toEqual([
      ['onlineShop', 1, false],
      ['marketplace', 1, false],
      ['print', 1, false],
      ['social', 1, false],
    ]);
    expect(presets.map((preset) => preset.name)).toEqual([
      {
        de: 'Onlineshop (1000 px, weiß)',
        en: 'Online shop (1000 px, white)',
        fr: 'Boutique en ligne (1000 px, fond blanc)',
      },
      {
        de: 'Marktplatz (2000 px, weiß)',
        en: 'Marketplace (2000 px, white)',
        fr: 'Place de marché (2000 px, fond blanc)',
      },
      {
        de: 'Druck (300 dpi, CMYK, TIFF)',
        en: 'Print (300 dpi, CMYK, TIFF)',
        fr: 'Impression (300 dpi, CMJN, TIFF)',
      },
      {
        de: 'Social Media (1080 × 1080)',
        en: 'Social media (1080 × 1080)',
        fr: 'Réseaux sociaux (1080 × 1080)',
      },
    ]);
    const [shop, marketplace, print, social] = presets;
    expect(shop!.settings).toEqual({
      format: 'jpeg',
      size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
      allowUpscale: true,
      refuseUpscaling: false,
      colourSpace: 'srgb',
      dpi: 72,
      quality: 90,
      maxBytes: null,
      fileSuffix: '_shop',
    });
    expect(marketplace!.settings).toMatchObject({
      format: 'jpeg',
      size: { mode: 'pad', width: 2000, height: 2000, background: '#ffffff' },
      colourSpace: 'srgb',
    });
    expect(print!.settings).toMatchObject({
      format: 'tiff',
      size: { mode: 'fit', width: 4000, height: 4000 },
      allowUpscale: false,
      colourSpace: 'cmyk',
      dpi: 300,
    });
    expect(social!.settings).toMatchObject({
      format: 'jpeg',
      size: { mode: 'crop', width: 1080, height: 1080 },
      colourSpace: 'srgb',
    });
  });

  it('lets a super user create a preset, audited, that users then see', async () => {
    const preset = await create({ name: catalogueNames, settings: catalogueSettings });
    expect(preset).toMatchObject({
      shippedKey: null,
      name: catalogueNames,
      version: 1,
      retired: false,
      settings: catalogueSettings,
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect((await userList()).map((one) => one.id)).toContain(preset.id);
    const [entry] = await auditOf(t, admin.token, { type: 'preset', id: preset.id });
    expect(entry).toMatchObject({
      action: 'preset.create',
      actor: { userId: admin.row.id, email: admin.email },
      before: null,
      after: { name: catalogueNames, version: 1, settings: catalogueSettings },
    });
  });

  it('makes a new version when the settings change and keeps the old one as it was', async () => {
    const preset = await create({ name: catalogueNames, settings: catalogueSettings });
    t.clock.advance(60_000);
    const changed = {
      ...catalogueSettings,
      size: { mode: 'pad', width: 1500, height: 1500, background: '#F0F0F0' },
    };
    const response = await call(t.app, 'PATCH', `/api/admin/presets/${preset.id}`, {
      token: admin.token,
      body: { settings: changed },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<PresetAnswer>().preset;
    expect(updated).toMatchObject({ id: preset.id, version: 2, settings: changed, name: catalogueNames });
    expect(updated.createdAt).toBe(preset.createdAt);
    expect(updated.updatedAt).toBe(new Date(t.clock.now()).toISOString());

    // Version 1 is still there, unchanged, for files made from it.
    expect(await t.context.presets.version(preset.id, 1)).toMatchObject({
      presetId: preset.id,
      version: 1,
      settings: catalogueSettings,
    });
    expect(await t.context.presets.version(preset.id, 2)).toMatchObject({ version: 2, settings: changed });
    expect(await t.context.presets.version(preset.id, 3)).toBeNull();
    const versions = await t.context.database.db
      .selectFrom('conversion_preset_versions')
      .select(['version', 'created_by'])
      .where('preset_id', '=', preset.id)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, created_by: admin.row.id },
      { version: 2, created_by: admin.row.id },
    ]);

    const [entry] = await auditOf(t, admin.token, { type: 'preset', id: preset.id });
    expect(entry).toMatchObject({
      action: 'preset.update',
      before: { version: 1, settings: catalogueSettings },
      after: { version: 2, settings: changed },
    });
  });

  it('renames in place without a new version, and writes nothing for a change that changes nothing', async () => {
    const preset = await create({ name: catalogueNames, settings: catalogueSettings });
    const renamed = { de: 'Katalog (klein)', en: 'Catalogue (small)', fr: 'Catalogue (petit)' };
    const rename = await call(t.app, 'PATCH', `/api/admin/presets/${preset.id}`, {
      token: admin.token,
      // The same settings in another key order are the same settings.
      body: { name: renamed, settings: Object.fromEntries(Object.entries(catalogueSettings).reverse()) },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json<PresetAnswer>().preset).toMatchObject({ name: renamed, version: 1 });
    const entries = await auditOf(t, admin.token, { type: 'preset', id: preset.id });
    expect(entries[0]).toMatchObject({
      action: 'preset.update',
      before: { name: catalogueNames },
      after: { name: renamed },
    });
    expect(entries[0]!.after).not.toHaveProperty('version');

    const before = await databaseFingerprint(t);
    const again = await call(t.app, 'PATCH', `/api/admin/presets/${preset.id}`, {
      token: admin.token,
      body: { name: renamed },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('retires a preset (gone for users, still listed for super users) and restores it', async () => {
    const preset = await create({ name: catalogueNames, settings: catalogueSettings });
    const retire = await call(t.app, 'POST', `/api/admin/presets/${preset.id}/retire`, {
      token: admin.token,
    });
    expect(retire.statusCode, retire.body).toBe(200);
    expect(retire.json<PresetAnswer>().preset.retired).toBe(true);
    expect((await userList()).map((one) => one.id)).not.toContain(preset.id);
    expect((await adminList()).find((one) => one.id === preset.id)).toMatchObject({ retired: true });
    expect(await t.context.presets.current(preset.id)).toBeNull();

    expectError(
      await call(t.app, 'POST', `/api/admin/presets/${preset.id}/retire`, { token: admin.token }),
      409,
      ErrorCodes.presetAlreadyRetired,
    );

    const restore = await call(t.app, 'POST', `/api/admin/presets/${preset.id}/restore`, {
      token: admin.token,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json<PresetAnswer>().preset.retired).toBe(false);
    expect((await userList()).map((one) => one.id)).toContain(preset.id);
    expectError(
      await call(t.app, 'POST', `/api/admin/presets/${preset.id}/restore`, { token: admin.token }),
      409,
      ErrorCodes.presetNotRetired,
    );

    const actions = (await auditOf(t, admin.token, { type: 'preset', id: preset.id })).map((e) => e.action);
    expect(actions).toEqual(['preset.restore', 'preset.retire', 'preset.create']);
  });

  it('lets a super user retire a shipped preset too', async () => {
    const social = (await userList()).find((preset) => preset.shippedKey === 'social')!;
    const retire = await call(t.app, 'POST', `/api/admin/presets/${social.id}/retire`, {
      token: admin.token,
    });
    expect(retire.statusCode, retire.body).toBe(200);
    expect((await userList()).map((preset) => preset.shippedKey)).not.toContain('social');
    await call(t.app, 'POST', `/api/admin/presets/${social.id}/restore`, { token: admin.token });
  });

  it.each([
    [
      'width 0',
      { size: { mode: 'fit', width: 0, height: 100 } },
      'settings.size.width',
      ErrorCodes.presetOutOfRange,
    ],
    [
      'height over 10000',
      { size: { mode: 'crop', width: 100, height: 10_001 } },
      'settings.size.height',
      ErrorCodes.presetOutOfRange,
    ],
    [
      "background 'red'",
      { size: { mode: 'pad', width: 100, height: 100, background: 'red' } },
      'settings.size.background',
      ErrorCodes.presetBackground,
    ],
    ['unknown format', { format: 'gif' }, 'settings.format', ErrorCodes.validation],
    ["a suffix with '/'", { fileSuffix: '_a/b' }, 'settings.fileSuffix', ErrorCodes.presetFileSuffix],
    ["a suffix with '.'", { fileSuffix: '.exe' }, 'settings.fileSuffix', ErrorCodes.presetFileSuffix],
    ['dpi 20', { dpi: 20 }, 'settings.dpi', ErrorCodes.presetOutOfRange],
    ['quality 101', { quality: 101 }, 'settings.quality', ErrorCodes.presetOutOfRange],
    ['maxBytes 1000', { maxBytes: 1000 }, 'settings.maxBytes', ErrorCodes.presetOutOfRange],
    [
      'CMYK as PNG',
      { format: 'png', colourSpace: 'cmyk', maxBytes: null },
      'settings.colourSpace',
      ErrorCodes.presetCmykFormat,
    ],
    ['a size target for TIFF', { format: 'tiff' }, 'settings.maxBytes', ErrorCodes.presetMaxBytesFormat],
    ['a size target for WebP', { format: 'webp' }, 'settings.maxBytes', ErrorCodes.presetMaxBytesFormat],
    [
      'upscaling allowed and refused',
      { allowUpscale: true, refuseUpscaling: true },
      'settings.refuseUpscaling',
      ErrorCodes.presetUpscaleConflict,
    ],
    ['an unknown setting', { sharpen: true }, 'settings', ErrorCodes.validation],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_label, override, path, code) => {
    const before = await databaseFingerprint(t);
    const settings = { ...catalogueSettings, ...override };
    const created = await call(t.app, 'POST', '/api/admin/presets', {
      token: admin.token,
      body: { name: catalogueNames, settings },
    });
    expectError(created, 400, code, path);
    const shop = (await userList())[0]!;
    const updated = await call(t.app, 'PATCH', `/api/admin/presets/${shop.id}`, {
      token: admin.token,
      body: { settings },
    });
    expectError(updated, 400, code, path);
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('refuses a missing name, an empty change and an unknown preset', async () => {
    expectError(
      await call(t.app, 'POST', '/api/admin/presets', {
        token: admin.token,
        body: { name: { de: 'Nur deutsch', en: ' ', fr: 'x' }, settings: catalogueSettings },
      }),
      400,
      ErrorCodes.required,
      'name.en',
    );
    expectError(
      await call(t.app, 'PATCH', '/api/admin/presets/1', { token: admin.token, body: {} }),
      400,
      ErrorCodes.required,
    );
    for (const [method, url, body] of [
      ['PATCH', '/api/admin/presets/999999', { name: catalogueNames }],
      ['POST', '/api/admin/presets/999999/retire', undefined],
      ['POST', '/api/admin/presets/999999/restore', undefined],
    ] as const) {
      expectError(
        await call(t.app, method, url, { token: admin.token, ...(body ? { body } : {}) }),
        404,
        ErrorCodes.presetNotFound,
      );
    }
  });

  it('keeps the administration to super users', async () => {
    const staff = await signInAs(t, 'internal');
    const before = await databaseFingerprint(t);
    for (const token of [partner.token, staff.token]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/presets', undefined],
        ['POST', '/api/admin/presets', { name: catalogueNames, settings: catalogueSettings }],
        ['PATCH', '/api/admin/presets/1', { name: catalogueNames }],
        ['POST', '/api/admin/presets/1/retire', undefined],
        ['POST', '/api/admin/presets/1/restore', undefined],
      ] as const) {
        expectError(
          await call(t.app, method, url, { token, ...(body ? { body } : {}) }),
          403,
          ErrorCodes.forbidden,
        );
      }
    }
    expect((await call(t.app, 'GET', '/api/presets')).statusCode).toBe(401);
    expect(await databaseFingerprint(t)).toEqual(before);
  });

  it('gives two changes at once two versions', async () => {
    const preset = await create({ name: catalogueNames, settings: catalogueSettings });
    const answers = await Promise.all(
      [90, 70].map((quality) =>
        call(t.app, 'PATCH', `/api/admin/presets/${preset.id}`, {
          token: admin.token,
          body: { settings: { ...catalogueSettings, quality } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const versions = answers.map((answer) => answer.json<PresetAnswer>().preset.version).sort();
    expect(versions).toEqual([2, 3]);
    const final: Preset | undefined = (await adminList()).find((one) => one.id === preset.id);
    expect(final?.version).toBe(3);
    // Each change saw the one before it: the audit log tells 1 -> 2 and 2 -> 3, not 1 -> 3 twice.
    const updates = (await auditOf(t, admin.token, { type: 'preset', id: preset.id }))
      .filter((entry) => entry.action === 'preset.update')
      .map((entry) => [entry.before?.version, entry.after?.version]);
    expect(updates.sort()).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});
