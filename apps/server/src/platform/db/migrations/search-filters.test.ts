import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes } from '../../../modules/catalogue/testing/catalogue-seed.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import * as searchFilters from './20261127-0022-search-filters.js';

/**
 * Migration 20261127-0022 (issue 22.2) fills the filter columns of documents indexed before it
 * from the catalogue tables, as indexing would: run down and up again on an indexed catalogue.
 */
describeEachDatabase('migration 20261127-0022-search-filters', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('fills media types, view, orientation and creation time of indexed documents', async () => {
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    const file = (mediaType: number, width: number, height: number) => ({
      mediaType,
      bytes: Buffer.from(`${mediaType}:${Math.random()}`),
      fileName: 'f',
      mimeType: 'image/jpeg',
      width,
      height,
    });
    const wide = await seedAsset(
      t,
      imageAsset(10, 1, 'Breit', {
        renditions: false,
        imageCategory: 4,
        createdAt: 1_700_000_000_000,
        // The print file is larger and tall: the web picture decides the orientation.
        files: [file(1200, 1000, 3000), file(1100, 1600, 900)],
      }),
    );
    const plain = await seedAsset(t, imageAsset(10, 1, 'Quadrat', { renditions: false }));
    await t.context.search.rebuild();
    const db = t.context.database.db;
    const read = () =>
      db
        .selectFrom('search_documents')
        .select(['asset_id', 'media_types', 'image_view', 'orientation', 'created_at'])
        .orderBy('asset_id')
        .execute();
    const indexed = await read();

    await searchFilters.down(db as unknown as Kysely<unknown>);
    await searchFilters.up(db as unknown as Kysely<unknown>);

    const migrated = await read();
    expect(migrated.map((row) => ({ ...row, created_at: Number(row.created_at) }))).toEqual([
      { asset_id: wide.id, media_types: 3, image_view: 4, orientation: 2, created_at: 1_700_000_000_000 },
      { asset_id: plain.id, media_types: 1, image_view: null, orientation: 3, created_at: t.clock.now() },
    ]);
    // The same as indexing writes.
    expect(migrated.map((row) => ({ ...row, created_at: Number(row.created_at) }))).toEqual(
      indexed.map((row) => ({ ...row, created_at: Number(row.created_at) })),
    );
  });
});
