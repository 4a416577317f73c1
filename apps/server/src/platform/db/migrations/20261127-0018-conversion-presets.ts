import type { Kysely } from 'kysely';
import { serialPrimaryKey } from '../column-types.js';

/**
 * Issue 21.1: conversion presets, the form a channel needs a picture in.
 *
 * - `conversion_presets`: one row per preset, its names in three languages (changed in place), the
 *   current version, and whether it is retired. `shipped_key` names the four presets the portal
 *   ships, so code and operators find them whatever a super user renamed them to.
 * - `conversion_preset_versions`: the settings of every version as JSON text, never updated: a change
 *   of the settings writes the next version and moves `current_version`, so a converted file (keyed
 *   by preset id and version) always matches the settings it was made with. `created_by` has no
 *   foreign key: deleting an account must neither fail nor change a version (the audit log keeps who
 *   it was).
 *
 * The four shipped presets are written here, with their values copied in: a migration that has run
 * never changes, whatever the code's defaults become. Inserted without ids, so the serial column
 * numbers them (1–4 on the new table) and PostgreSQL's sequence continues after them.
 */
const SHIPPED_PRESETS = [
  {
    shipped_key: 'onlineShop',
    name_de: 'Onlineshop (1000 px, weiß)',
    name_en: 'Online shop (1000 px, white)',
    name_fr: 'Boutique en ligne (1000 px, fond blanc)',
    settings: {
      format: 'jpeg',
      size: { mode: 'pad', width: 1000, height: 1000, background: '#ffffff' },
      allowUpscale: true,
      refuseUpscaling: false,
      colourSpace: 'srgb',
      dpi: 72,
      quality: 90,
      maxBytes: null,
      fileSuffix: '_shop',
    },
  },
  {
    shipped_key: 'marketplace',
    name_de: 'Marktplatz (2000 px, weiß)',
    name_en: 'Marketplace (2000 px, white)',
    name_fr: 'Place de marché (2000 px, fond blanc)',
    settings: {
      format: 'jpeg',
      size: { mode: 'pad', width: 2000, height: 2000, background: '#ffffff' },
      allowUpscale: true,
      refuseUpscaling: false,
      colourSpace: 'srgb',
      dpi: 72,
      quality: 90,
      maxBytes: null,
      fileSuffix: '_marketplace',
    },
  },
  {
    shipped_key: 'print',
    name_de: 'Druck (300 dpi, CMYK, TIFF)',
    name_en: 'Print (300 dpi, CMYK, TIFF)',
    name_fr: 'Impression (300 dpi, CMJN, TIFF)',
    settings: {
      format: 'tiff',
      size: { mode: 'fit', width: 4000, height: 4000 },
      allowUpscale: false,
      refuseUpscaling: false,
      colourSpace: 'cmyk',
      dpi: 300,
      quality: 90,
      maxBytes: null,
      fileSuffix: '_print',
    },
  },
  {
    shipped_key: 'social',
    name_de: 'Social Media (1080 × 1080)',
    name_en: 'Social media (1080 × 1080)',
    name_fr: 'Réseaux sociaux (1080 × 1080)',
    settings: {
      format: 'jpeg',
      size: { mode: 'crop', width: 1080, height: 1080 },
      allowUpscale: true,
      refuseUpscaling: false,
      colourSpace: 'srgb',
      dpi: 72,
      quality: 85,
      maxBytes: null,
      fileSuffix: '_social',
    },
  },
] as const;

interface PresetTables {
  conversion_presets: {
    id?: number;
    shipped_key: string | null;
    name_de: string;
    name_en: string;
    name_fr: string;
    current_version: number;
    retired_at: number | null;
    created_at: number;
    updated_at: number;
  };
  conversion_preset_versions: {
    preset_id: number;
    version: number;
    settings: string;
    created_at: number;
    created_by: number | null;
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversion_presets')
    .addColumn('id', serialPrimaryKey(db))
    .addColumn('shipped_key', 'varchar(40)', (col) => col.unique())
    .addColumn('name_de', 'varchar(200)', (col) => col.notNull())
    .addColumn('name_en', 'varchar(200)', (col) => col.notNull())
    .addColumn('name_fr', 'varchar(200)', (col) => col.notNull())
    .addColumn('current_version', 'integer', (col) => col.notNull())
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('conversion_preset_versions')
    .addColumn('preset_id', 'integer', (col) =>
      col.notNull().references('conversion_presets.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('created_by', 'integer')
    .addPrimaryKeyConstraint('conversion_preset_versions_pk', ['preset_id', 'version'])
    .execute();

  const typed = db as unknown as Kysely<PresetTables>;
  const now = Date.now();
  // One at a time, in this order: the ids follow the list.
  for (const preset of SHIPPED_PRESETS) {
    const { settings, ...names } = preset;
    const row = await typed
      .insertInto('conversion_presets')
      .values({ ...names, current_version: 1, retired_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await typed
      .insertInto('conversion_preset_versions')
      .values({
        preset_id: row.id!,
        version: 1,
        settings: JSON.stringify(settings),
        created_at: now,
        created_by: null,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversion_preset_versions').execute();
  await db.schema.dropTable('conversion_presets').execute();
}
