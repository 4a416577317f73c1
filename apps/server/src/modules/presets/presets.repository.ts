import type { PresetNames } from '@mediabox/contract';
import type { Kysely, Selectable } from 'kysely';
import type {
  ConversionPresetVersionsTable,
  ConversionPresetsTable,
  Database,
} from '../../platform/db/schema.js';

/** A preset with the settings of its current version (JSON text, as stored). */
export type PresetRow = Selectable<ConversionPresetsTable> & { settings: string };

export type PresetVersionRow = ConversionPresetVersionsTable;

/** The SQL of conversion presets and their versions. */
export class PresetsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The same queries on another executor (the caller's transaction). */
  on(executor: Kysely<Database>): PresetsRepository {
    return new PresetsRepository(executor);
  }

  private selectPresets() {
    return this.db
      .selectFrom('conversion_presets as p')
      .innerJoin('conversion_preset_versions as v', (join) =>
        join.onRef('v.preset_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
      )
      .select([
        'p.id',
        'p.shipped_key',
        'p.name_de',
        'p.name_en',
        'p.name_fr',
        'p.current_version',
        'p.retired_at',
        'p.created_at',
        'p.updated_at',
        'v.settings',
      ]);
  }

  /** Oldest first; retired ones only when asked. */
  async list(options: { includeRetired: boolean }): Promise<PresetRow[]> {
    let query = this.selectPresets();
    if (!options.includeRetired) query = query.where('p.retired_at', 'is', null);
    return query.orderBy('p.id').execute();
  }

  async find(id: number): Promise<PresetRow | undefined> {
    return this.selectPresets().where('p.id', '=', id).executeTakeFirst();
  }

  /**
   * Locks the preset's row for the rest of the transaction (an update that changes nothing: portable
   * where `select … for update` is not, SQLite having no such clause and one writer anyway), so a
   * change reads the state no other change is about to replace. Answers whether the preset exists.
   */
  async lock(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('conversion_presets')
      .set((eb) => ({ current_version: eb.ref('current_version') }))
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async version(presetId: number, version: number): Promise<PresetVersionRow | undefined> {
    return this.db
      .selectFrom('conversion_preset_versions')
      .selectAll()
      .where('preset_id', '=', presetId)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  /** A new preset with its version 1; answers its id. */
  async insert(names: PresetNames, settings: string, actorId: number | null, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('conversion_presets')
      .values({
        shipped_key: null,
        name_de: names.de,
        name_en: names.en,
        name_fr: names.fr,
        current_version: 1,
        retired_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.insertVersion(id, 1, settings, actorId, now);
    return id;
  }

  async rename(id: number, names: PresetNames, now: number): Promise<void> {
    await this.db
      .updateTable('conversion_presets')
      .set({ name_de: names.de, name_en: names.en, name_fr: names.fr, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Writes the next version and makes it current. The counter moves first: on PostgreSQL that
   * update locks the row, so two changes at once get versions n + 1 and n + 2 instead of
   * colliding on the primary key (SQLite runs one write transaction at a time anyway).
   */
  async addVersion(id: number, settings: string, actorId: number | null, now: number): Promise<number> {
    const { current_version: version } = await this.db
      .updateTable('conversion_presets')
      .set((eb) => ({ current_version: eb('current_version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .returning('current_version')
      .executeTakeFirstOrThrow();
    await this.insertVersion(id, version, settings, actorId, now);
    return version;
  }

  private async insertVersion(
    presetId: number,
    version: number,
    settings: string,
    actorId: number | null,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('conversion_preset_versions')
      .values({ preset_id: presetId, version, settings, created_at: now, created_by: actorId })
      .execute();
  }

  /**
   * Retires (a time) or restores (null) a preset that is not already in that state; answers
   * whether it changed, so a second click or a concurrent one changes (and audits) nothing.
   */
  async setRetired(
    id: number,
    retiredAt: ConversionPresetsTable['retired_at'],
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('conversion_presets')
      .set({ retired_at: retiredAt, updated_at: now })
      .where('id', '=', id)
      .where('retired_at', retiredAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
