import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** One asset of a user's cart with the media types and conversion presets chosen for it (possibly none). */
export interface CartEntry {
  assetId: number;
  formats: number[];
  /** Preset ids in id order, retired ones included (the service leaves those out). */
  presets: number[];
}

/** What an add brings to one entry: formats and (issue 21.2) presets, either list possibly empty. */
export interface CartAddition {
  assetId: number;
  formats: number[];
  presets?: number[];
}

/** The only place with cart SQL. Every call is scoped to one user: nobody reads another's cart. */
export class CartRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's entries, oldest first (the order they were added in). */
  async entries(userId: number): Promise<CartEntry[]> {
    const [entries, formats, presets] = await Promise.all([
      this.db
        .selectFrom('cart_entries')
        .select('asset_id')
        .where('user_id', '=', userId)
        .orderBy('added_at')
        .orderBy('asset_id')
        .execute(),
      this.db
        .selectFrom('cart_formats')
        .select(['asset_id', 'media_type'])
        .where('user_id', '=', userId)
        .orderBy('media_type')
        .execute(),
      this.db
        .selectFrom('cart_presets')
        .select(['asset_id', 'preset_id'])
        .where('user_id', '=', userId)
        .orderBy('preset_id')
        .execute(),
    ]);
    const byAsset = new Map<number, CartEntry>(
      entries.map((entry) => [entry.asset_id, { assetId: entry.asset_id, formats: [], presets: [] }]),
    );
    for (const format of formats) byAsset.get(format.asset_id)?.formats.push(format.media_type);
    for (const preset of presets) byAsset.get(preset.asset_id)?.presets.push(preset.preset_id);
    return [...byAsset.values()];
  }

  async assetIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('cart_entries')
      .select('asset_id')
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .orderBy('asset_id')
      .execute();
    return rows.map((row) => row.asset_id);
  }

  /**
   * Adds entries (kept as they are when already there), formats and presets, in one transaction. The
   * inserts ignore conflicts, so two tabs adding the same asset at once both succeed.
   */
  async add(userId: number, changes: CartAddition[], now: number): Promise<void> {
    if (changes.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('cart_entries')
        .values(
          changes.map((change, index) => ({
            user_id: userId,
            asset_id: change.assetId,
            added_at: now + index,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'asset_id']).doNothing())
        .execute();
      const formats = changes.flatMap((change) =>
        change.formats.map((mediaType) => ({
          user_id: userId,
          asset_id: change.assetId,
          media_type: mediaType,
        })),
      );
      if (formats.length > 0) {
        await trx
          .insertInto('cart_formats')
          .values(formats)
          .onConflict((oc) => oc.columns(['user_id', 'asset_id', 'media_type']).doNothing())
          .execute();
      }
      const presets = changes.flatMap((change) =>
        (change.presets ?? []).map((presetId) => ({
          user_id: userId,
          asset_id: change.assetId,
          preset_id: presetId,
        })),
      );
      if (presets.length > 0) {
        await trx
          .insertInto('cart_presets')
          .values(presets)
          .onConflict((oc) => oc.columns(['user_id', 'asset_id', 'preset_id']).doNothing())
          .execute();
      }
    });
  }

  /** Removes whole entries (their formats and presets go with them). */
  async removeEntries(userId: number, assetIds: number[]): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('cart_presets')
        .where('user_id', '=', userId)
        .where('asset_id', 'in', assetIds)
        .execute();
      await trx
        .deleteFrom('cart_formats')
        .where('user_id', '=', userId)
        .where('asset_id', 'in', assetIds)
        .execute();
      await trx
        .deleteFrom('cart_entries')
        .where('user_id', '=', userId)
        .where('asset_id', 'in', assetIds)
        .execute();
    });
  }

  /** Unchecks one format of entries; the entries stay (spec 2.6: an item may have no file chosen). */
  async removeFormat(userId: number, assetIds: number[], mediaType: number): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db
      .deleteFrom('cart_formats')
      .where('user_id', '=', userId)
      .where('asset_id', 'in', assetIds)
      .where('media_type', '=', mediaType)
      .execute();
  }

  /** Unchooses one preset of entries; the entries stay, as when a format is unchecked. */
  async removePreset(userId: number, assetIds: number[], presetId: number): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db
      .deleteFrom('cart_presets')
      .where('user_id', '=', userId)
      .where('asset_id', 'in', assetIds)
      .where('preset_id', '=', presetId)
      .execute();
  }

  async clear(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('cart_presets').where('user_id', '=', userId).execute();
      await trx.deleteFrom('cart_formats').where('user_id', '=', userId).execute();
      await trx.deleteFrom('cart_entries').where('user_id', '=', userId).execute();
    });
  }
}
