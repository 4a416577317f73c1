import { Migrator, type Migration } from 'kysely';
import { expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/empty-database.js';
import { describeEachDatabase } from '../../../test/test-app.js';
import { MIGRATION_NAMES, migrateToLatest } from '../migrate.js';

/**
 * 20261127-0017 starts the download history (`user_downloads`) with what an installation knows
 * already, so the takedown loop does not forget a year of downloads on the day of the update: the
 * downloads of consenting users (a file, or every asset of a bundle) and the owners of download
 * bundles that were downloaded.
 */
const MIGRATION = '20261127-0017-recipient-links-and-takedowns';
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 20);

describeEachDatabase('download history migration', (dialect) => {
  it('fills user_downloads from the download events and download bundles it finds', async () => {
    const handle = await emptyDatabase(dialect);
    const db = handle.db;
    const before = MIGRATION_NAMES.filter((name) => name < MIGRATION);
    const shipped = Object.fromEntries(
      await Promise.all(
        before.map(async (name): Promise<[string, Migration]> => [
          name,
          (await import(`./${name}.js`)) as Migration,
        ]),
      ),
    );
    const old = new Migrator({ db, provider: { getMigrations: async () => shipped } });
    expect((await old.migrateToLatest()).error).toBeUndefined();

    const user = (email: string, consent: number | null) => ({
      email,
      password_hash: 'x',
      firstname: 'F',
      lastname: 'L',
      company: 'C',
      phone: '',
      contact_person: '',
      lang: 'de',
      jde: 0,
      is_super_user: 0,
      created_at: NOW,
      updated_at: NOW,
      tracking_consent: consent,
    });
    const [consenting, declining, bystander] = await db
      .insertInto('users')
      .values([user('ja@x.example', 1), user('nein@x.example', 0), user('nie@x.example', null)])
      .returning('id')
      .execute();
    await db
      .insertInto('blobs')
      .values({ sha256: 'a'.repeat(64), size: 1, crc32: 0, mime_type: 'image/jpeg', created_at: NOW })
      .execute();
    const bundle = async (ownerId: number, kind: 'download' | 'message', assetIds: number[]) => {
      const { id } = await db
        .insertInto('bundles')
        .values({
          filename: `${kind}-${ownerId}-${assetIds.join('-')}.zip`,
          owner_id: ownerId,
          kind,
          created_at: NOW,
          expires_at: NOW + DAY,
          entry_count: assetIds.length,
          files_size: assetIds.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('bundle_entries')
        .values(
          assetIds.map((assetId, position) => ({
            bundle_id: id,
            position,
            asset_id: assetId,
            asset_name: 'A',
            file_id: assetId,
            media_type: 1100,
            blob_sha256: 'a'.repeat(64),
            entry_name: `${position}.jpg`,
            size: 1,
            crc32: 0,
          })),
        )
        .execute();
      return id;
    };
    // The consenting user's cart zip (assets 10 and 11, 11 in two formats), the declining user's
    // (asset 20), and a mailed bundle of the bystander (asset 30).
    const consentingZip = await bundle(consenting!.id, 'download', [10, 11, 11]);
    const decliningZip = await bundle(declining!.id, 'download', [20]);
    const mailed = await bundle(bystander!.id, 'message', [30]);
    const event = (
      at: number,
      kind: 'file' | 'bundle',
      ids: { user?: number; asset?: number; bundle?: number },
    ) => ({
      at,
      kind,
      bundle_id: ids.bundle ?? null,
      asset_id: ids.asset ?? null,
      user_id: ids.user ?? null,
      audience: ids.user === undefined ? ('guest' as const) : ('external' as const),
      ip: null,
    });
    await db
      .insertInto('download_events')
      .values([
        // Asset 10 twice: the later time counts.
        event(NOW - 30 * DAY, 'file', { user: consenting!.id, asset: 10 }),
        event(NOW - 2 * DAY, 'bundle', { user: consenting!.id, bundle: consentingZip }),
        // The declining user's zip: the event is anonymous, the bundle is theirs.
        event(NOW - DAY, 'bundle', { bundle: decliningZip }),
        // A mailed bundle taken by a guest names nobody; a user id that is gone is left out.
        event(NOW - DAY, 'bundle', { bundle: mailed }),
        event(NOW - DAY, 'file', { user: 9999, asset: 40 }),
        // The declining user's single files are anonymous: nothing to find.
        event(NOW - DAY, 'file', { asset: 50 }),
      ])
      .execute();

    // This one and any shipped after it.
    expect(await migrateToLatest(handle)).toEqual(MIGRATION_NAMES.filter((name) => name >= MIGRATION));
    const rows = await db
      .selectFrom('user_downloads')
      .selectAll()
      .orderBy('user_id')
      .orderBy('asset_id')
      .execute();
    expect(rows.map((row) => ({ ...row, last_at: Number(row.last_at) }))).toEqual([
      { user_id: consenting!.id, asset_id: 10, last_at: NOW - 2 * DAY },
      { user_id: consenting!.id, asset_id: 11, last_at: NOW - 2 * DAY },
      { user_id: declining!.id, asset_id: 20, last_at: NOW - DAY },
    ]);
  });
});
