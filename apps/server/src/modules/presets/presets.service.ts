import {
  ErrorCodes,
  type CreatePresetRequest,
  type Preset,
  type PresetNames,
  type PresetSettings,
  type ShippedPresetKey,
  type UpdatePresetRequest,
} from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type AdminActor } from '../audit/audit-log.js';
import { settingsFromJson, settingsToJson } from './preset-settings-json.js';
import type { PresetRow, PresetsRepository } from './presets.repository.js';

export interface PresetsDeps {
  repository: PresetsRepository;
  clock: Clock;
}

/** One version of a preset's settings, as bundles will key converted files by it. */
export interface PresetVersion {
  presetId: number;
  version: number;
  settings: PresetSettings;
  createdAt: number;
}

const iso = (at: number) => new Date(Number(at)).toISOString();

function presentPreset(row: PresetRow): Preset {
  return {
    id: row.id,
    shippedKey: row.shipped_key as ShippedPresetKey | null,
    name: { de: row.name_de, en: row.name_en, fr: row.name_fr },
    version: row.current_version,
    retired: row.retired_at !== null,
    settings: settingsFromJson(row.settings),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const sameNames = (a: PresetNames, b: PresetNames) => a.de === b.de && a.en === b.en && a.fr === b.fr;

/**
 * Conversion presets (issue 21.1). Every signed-in user lists the active ones; super users create,
 * rename, change, retire and restore them. A change of the settings is a new version (earlier ones
 * are never touched, so a converted file keyed by preset and version stays right); each change and
 * its audit row commit in one transaction, like every admin action.
 */
export class PresetsService {
  constructor(private readonly deps: PresetsDeps) {}

  /** What users pick from: active presets, oldest first. */
  async listActive(): Promise<Preset[]> {
    return (await this.deps.repository.list({ includeRetired: false })).map(presentPreset);
  }

  /** The admin list: retired ones too. */
  async listAll(): Promise<Preset[]> {
    return (await this.deps.repository.list({ includeRetired: true })).map(presentPreset);
  }

  /** One version's settings, for bundles that name the version they were made with; null if unknown. */
  async version(presetId: number, version: number): Promise<PresetVersion | null> {
    const row = await this.deps.repository.version(presetId, version);
    if (!row) return null;
    return {
      presetId: row.preset_id,
      version: row.version,
      settings: settingsFromJson(row.settings),
      createdAt: Number(row.created_at),
    };
  }

  /** An active preset as users may pick it now (its current version); null when unknown or retired. */
  async current(presetId: number): Promise<Preset | null> {
    const row = await this.deps.repository.find(presetId);
    return row && row.retired_at === null ? presentPreset(row) : null;
  }

  async create(actor: AdminActor, request: CreatePresetRequest): Promise<Preset> {
    return this.inTransaction(async (repository, trx, now) => {
      const id = await repository.insert(request.name, settingsToJson(request.settings), actor.id, now);
      const preset = presentPreset((await repository.find(id))!);
      await writeAudit(trx, now, {
        actor,
        action: 'preset.create',
        targetType: 'preset',
        targetId: id,
        before: null,
        after: { name: preset.name, version: 1, settings: preset.settings },
      });
      return preset;
    });
  }

  /**
   * Names change in place; settings that differ from the current version's become the next
   * version. A change that changes nothing writes nothing (no version, no audit row).
   */
  async update(actor: AdminActor, id: number, change: UpdatePresetRequest): Promise<Preset> {
    return this.inTransaction(async (repository, trx, now) => {
      const before = presentPreset(await this.existing(repository, id));
      const was: Record<string, unknown> = {};
      const is: Record<string, unknown> = {};
      if (change.name && !sameNames(change.name, before.name)) {
        await repository.rename(id, change.name, now);
        was.name = before.name;
        is.name = change.name;
      }
      const settings = change.settings && settingsToJson(change.settings);
      if (settings !== undefined && settings !== settingsToJson(before.settings)) {
        const version = await repository.addVersion(id, settings, actor.id, now);
        Object.assign(was, { version: before.version, settings: before.settings });
        Object.assign(is, { version, settings: settingsFromJson(settings) });
      }
      if (Object.keys(is).length === 0) return before;
      await writeAudit(trx, now, {
        actor,
        action: 'preset.update',
        targetType: 'preset',
        targetId: id,
        before: was,
        after: is,
      });
      return presentPreset((await repository.find(id))!);
    });
  }

  async retire(actor: AdminActor, id: number): Promise<Preset> {
    return this.setRetired(actor, id, true);
  }

  async restore(actor: AdminActor, id: number): Promise<Preset> {
    return this.setRetired(actor, id, false);
  }

  private async setRetired(actor: AdminActor, id: number, retire: boolean): Promise<Preset> {
    return this.inTransaction(async (repository, trx, now) => {
      await this.existing(repository, id);
      if (!(await repository.setRetired(id, retire ? now : null, now))) {
        throw retire
          ? new AppError(ErrorCodes.presetAlreadyRetired, `Preset ${id} is retired already`)
          : new AppError(ErrorCodes.presetNotRetired, `Preset ${id} is not retired`);
      }
      await writeAudit(trx, now, {
        actor,
        action: retire ? 'preset.retire' : 'preset.restore',
        targetType: 'preset',
        targetId: id,
        before: { retired: !retire },
        after: { retired: retire },
      });
      return presentPreset((await repository.find(id))!);
    });
  }

  /** The preset, locked until the transaction ends, so what the audit row calls "before" is what was replaced. */
  private async existing(repository: PresetsRepository, id: number): Promise<PresetRow> {
    const row = (await repository.lock(id)) ? await repository.find(id) : undefined;
    if (!row) throw new AppError(ErrorCodes.presetNotFound, `No preset ${id}`);
    return row;
  }

  private inTransaction<T>(
    work: (repository: PresetsRepository, trx: Kysely<Database>, now: number) => Promise<T>,
  ): Promise<T> {
    return this.deps.repository.db
      .transaction()
      .execute((trx) => work(this.deps.repository.on(trx), trx, this.deps.clock.now()));
  }
}
