import {
  CART_MAX_ASSETS,
  ErrorCodes,
  LANGUAGES,
  type CartAnswer,
  type CartChange,
  type CartItem,
  type CartPresetChoice,
  type CartSummary,
  type Language,
  type Preset,
  type PresetFormat,
  type RetiredPresetChoice,
} from '@mediabox/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { mainFileOf } from '../catalogue/asset-presenter.js';
import type { AssetRow, CatalogueRepository, FileRow } from '../catalogue/catalogue.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { PresetsService } from '../presets/presets.service.js';
import type { CartAddition, CartRepository } from './cart.repository.js';
import { judgePresetChoice, type JudgedPresetChoice } from './preset-choice.js';

type ParsedCartChange = z.output<typeof CartChange>;

/**
 * Names the files of a delivery, the originals and the conversions, unique together: delivery's
 * deliveredItemNames, wired in context.ts (the cart shows the names a bundle will have, but the
 * naming rule is delivery's, and delivery depends on the cart, not the other way round).
 */
export type DeliveryNamer = (
  items: readonly {
    asset: AssetRow;
    files: readonly FileRow[];
    conversions: readonly { source: FileRow; fileSuffix: string; format: PresetFormat }[];
  }[],
  lang: Language,
) => { files: string[]; conversions: string[] }[];

export interface CartServiceDeps {
  repository: CartRepository;
  catalogueRepository: CatalogueRepository;
  catalogue: CatalogueService;
  /** The presets (issue 21.2): active ones may be chosen, retired ones still chosen are named. */
  presets: Pick<PresetsService, 'listAll'>;
  namer: DeliveryNamer;
  clock: Clock;
}

/** A preset choice of a cart entry: judged and named, with its source file (what a bundle names). */
export type ChosenPreset = CartPresetChoice & { source: FileRow };

/**
 * A cart entry resolved against the catalogue: the asset's current files of the chosen formats, and
 * the chosen active presets judged against all its current files.
 */
export interface ResolvedCartEntry {
  assetId: number;
  /** The chosen formats' current files, ordered by media type. */
  files: FileRow[];
  /** The chosen presets that are active and find a picture to start from, in preset id order. */
  presets: (JudgedPresetChoice & { fileSuffix: string })[];
  /** The chosen presets retired since: nothing is delivered for them. */
  retiredPresets: RetiredPresetChoice[];
}

/** A cart entry as delivered: its asset, its files and preset choices, and the names they get. */
export interface DeliveryItem {
  asset: AssetRow;
  files: FileRow[];
  /** The delivered name of each of `files`. */
  fileNames: string[];
  presets: ChosenPreset[];
  /** Chosen, but retired since: delivered nothing, named so the cart page can say so. */
  retiredPresets: RetiredPresetChoice[];
}

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';

/** The answer's part of a choice (the source file row and suffix are the server's own). */
const presentChoice = ({ source: _source, ...choice }: ChosenPreset): CartPresetChoice => choice;

/**
 * Spec 2.6, 7.3: the cart of the signed-in user. Withdrawn assets stay out of every answer and
 * every bundle (a removal confirmed after adding), but are not deleted from the cart silently.
 */
export class CartService {
  constructor(private readonly deps: CartServiceDeps) {}

  async summary(user: AuthUser, skipped?: number[]): Promise<CartSummary> {
    const visible = await this.visibleIds(await this.deps.repository.assetIds(user.id));
    return { assetIds: visible, count: visible.length, ...(skipped ? { skipped } : {}) };
  }

  /** `GET /api/cart/` (all entries) and `GET /api/cart/{id}` (one; 404 when it is not in the cart). */
  async cart(user: AuthUser, onlyAssetId?: number): Promise<CartAnswer> {
    let entries = await this.entriesWithAssets(user, languageOf(user.lang));
    if (onlyAssetId !== undefined) {
      entries = entries.filter((entry) => entry.asset.id === onlyAssetId);
      if (entries.length === 0) throw new AppError(ErrorCodes.notFound, 'This asset is not in the cart');
    }
    const items = await this.deps.catalogue.assetsByIds(
      entries.map((entry) => entry.asset.id),
      user,
    );
    const presented = new Set(items.map((item) => item.id));
    const cartItems: CartItem[] = entries
      .filter((entry) => presented.has(entry.asset.id))
      .map((entry) => ({
        id: entry.asset.id,
        files: entry.files.map((file) => ({
          mediaType: file.mediaType,
          fileId: file.id,
          fileName: file.fileName,
          fileSize: file.size,
        })),
        presets: entry.presets.map(presentChoice),
        retiredPresets: entry.retiredPresets,
      }));
    return { items, cartItems };
  }

  /**
   * The user's visible entries with the current files of their chosen formats and their chosen
   * presets judged, in cart order. A retired preset that is still chosen delivers nothing and is
   * named apart, so the cart can say so instead of dropping it silently.
   */
  async resolvedEntries(user: AuthUser): Promise<ResolvedCartEntry[]> {
    const entries = await this.deps.repository.entries(user.id);
    const files = await this.currentFilesOf(entries.map((entry) => entry.assetId));
    const chosen = new Set(entries.flatMap((entry) => entry.presets));
    const known = new Map<number, Preset>(
      chosen.size === 0
        ? []
        : (await this.deps.presets.listAll()).map((preset) => [preset.id, preset] as const),
    );
    const active = new Map([...known].filter(([, preset]) => !preset.retired));
    return entries
      .filter((entry) => files.has(entry.assetId))
      .map((entry) => {
        const assetFiles = files.get(entry.assetId) ?? [];
        return {
          assetId: entry.assetId,
          files: assetFiles.filter((file) => entry.formats.includes(file.mediaType)),
          presets: entry.presets.flatMap((presetId) => {
            const preset = active.get(presetId);
            const judged = preset && judgePresetChoice(assetFiles, preset);
            return judged ? [{ ...judged, fileSuffix: preset.settings.fileSuffix }] : [];
          }),
          retiredPresets: entry.presets.flatMap((presetId) => {
            const preset = known.get(presetId);
            return preset?.retired ? [{ presetId, name: preset.name }] : [];
          }),
        };
      });
  }

  /**
   * The visible entries with their asset rows and the names their files and conversions are
   * delivered under in `lang`: what the cart page, the spreadsheet of `GET /api/cart/list` and a
   * bundle show, item by item in the same order.
   */
  async entriesWithAssets(user: AuthUser, lang: Language): Promise<DeliveryItem[]> {
    return this.deliveryItems(await this.resolvedEntries(user), lang);
  }

  /**
   * A selection delivered without the cart (issue 22.1, direct zip): these assets with all their
   * current original files, or only those of `format`, named exactly as a cart bundle names them, in
   * the order given (each once). An unknown, withdrawn or invisible asset: 404 'asset.notFound',
   * nothing is made (the selection is stale; the app reloads it). The cart is not read or changed.
   */
  async deliveryItemsOf(
    assetIds: readonly number[],
    format: number | undefined,
    lang: Language,
  ): Promise<DeliveryItem[]> {
    const ids = [...new Set(assetIds)];
    const files = await this.currentFilesOf(ids);
    if (ids.some((id) => !files.has(id))) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    const entries: ResolvedCartEntry[] = ids.map((assetId) => ({
      assetId,
      files: files.get(assetId)!.filter((file) => format === undefined || file.mediaType === format),
      presets: [],
      retiredPresets: [],
    }));
    return this.deliveryItems(entries, lang);
  }

  /** Resolved entries with their asset rows and delivered names, in the entries' order. */
  private async deliveryItems(entries: ResolvedCartEntry[], lang: Language): Promise<DeliveryItem[]> {
    const rows = await this.deps.catalogueRepository.visibleAssets(entries.map((entry) => entry.assetId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const items = entries.flatMap((entry) => {
      const asset = byId.get(entry.assetId);
      return asset ? [{ asset, entry }] : [];
    });
    const names = this.deps.namer(
      items.map(({ asset, entry }) => ({
        asset,
        files: entry.files,
        conversions: entry.presets.map((choice) => ({
          source: choice.source,
          fileSuffix: choice.fileSuffix,
          format: choice.output.format,
        })),
      })),
      lang,
    );
    return items.map(({ asset, entry }, index) => ({
      asset,
      files: entry.files,
      fileNames: names[index]!.files,
      presets: entry.presets.map(({ fileSuffix: _suffix, ...choice }, choiceIndex) => ({
        ...choice,
        fileName: names[index]!.conversions[choiceIndex]!,
      })),
      retiredPresets: entry.retiredPresets,
    }));
  }

  /**
   * `PUT /api/cart/`. Unknown or withdrawn assets: 404, nothing changes. A single asset lacking the
   * format: 400 'cart.errors.formatMissing'. In a bulk add those lacking it are left out and listed
   * in `skipped`. Adding what is there already changes nothing (PUT is idempotent).
   */
  async add(user: AuthUser, change: ParsedCartChange): Promise<CartSummary> {
    const assetIds = 'assetIds' in change ? [...new Set(change.assetIds)] : [change.assetId];
    if ('preset' in change) return this.addPreset(user, assetIds, change.preset, 'assetIds' in change);
    const format = 'format' in change ? change.format : undefined;
    const files = await this.currentFilesOf(assetIds);
    if (assetIds.some((id) => !files.has(id))) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');

    const skipped: number[] = [];
    const additions: { assetId: number; formats: number[] }[] = [];
    for (const assetId of assetIds) {
      const assetFiles = files.get(assetId)!;
      const chosen = format ?? mainFileOf(assetFiles)!.mediaType;
      if (!assetFiles.some((file) => file.mediaType === chosen)) skipped.push(assetId);
      else additions.push({ assetId, formats: [chosen] });
    }
    if (!('assetIds' in change) && skipped.length > 0) {
      throw new AppError(ErrorCodes.cartFormatMissing, 'The asset has no file of this format', [
        { path: 'format', code: ErrorCodes.cartFormatMissing },
      ]);
    }
    await this.addWithinLimit(user, additions);
    return this.summary(user, 'assetIds' in change ? skipped : undefined);
  }

  /**
   * `PUT /api/cart/` with a preset (issue 21.2): chosen for each asset, which is added without an
   * original format when it is not in the cart yet. An unknown or retired preset: 404, nothing
   * changes. An asset without any picture a preset could start from is treated like one lacking
   * the format: 400 for a single asset, `skipped` in a bulk add.
   */
  private async addPreset(
    user: AuthUser,
    assetIds: number[],
    presetId: number,
    bulk: boolean,
  ): Promise<CartSummary> {
    const preset = await this.activePreset(presetId);
    const files = await this.currentFilesOf(assetIds);
    if (assetIds.some((id) => !files.has(id))) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    const skipped = assetIds.filter((id) => !judgePresetChoice(files.get(id)!, preset));
    if (!bulk && skipped.length > 0) {
      throw new AppError(ErrorCodes.cartFormatMissing, 'The asset has no picture to convert', [
        { path: 'preset', code: ErrorCodes.cartFormatMissing },
      ]);
    }
    const additions = assetIds
      .filter((id) => !skipped.includes(id))
      .map((assetId) => ({ assetId, formats: [], presets: [presetId] }));
    await this.addWithinLimit(user, additions);
    return this.summary(user, bulk ? skipped : undefined);
  }

  /** Adds what is asked unless the cart would hold more than CART_MAX_ASSETS assets (then nothing). */
  private async addWithinLimit(user: AuthUser, additions: CartAddition[]): Promise<void> {
    const current = new Set(await this.deps.repository.assetIds(user.id));
    const newAssets = additions.filter((addition) => !current.has(addition.assetId)).length;
    if (current.size + newAssets > CART_MAX_ASSETS) {
      throw new AppError(ErrorCodes.cartTooLarge, `A cart holds at most ${CART_MAX_ASSETS} assets`);
    }
    await this.deps.repository.add(user.id, additions, this.deps.clock.now());
  }

  /** A preset that exists, retired or not (it can be unchosen); 404 'cart.errors.presetNotFound' when unknown. */
  private async knownPreset(presetId: number): Promise<Preset> {
    const preset = (await this.deps.presets.listAll()).find((candidate) => candidate.id === presetId);
    if (!preset) throw new AppError(ErrorCodes.cartPresetNotFound, `No preset ${presetId}`);
    return preset;
  }

  /** A preset users may choose now; 404 'cart.errors.presetNotFound' when unknown or retired. */
  private async activePreset(presetId: number): Promise<Preset> {
    const preset = await this.knownPreset(presetId);
    if (preset.retired) throw new AppError(ErrorCodes.cartPresetNotFound, `Preset ${presetId} is retired`);
    return preset;
  }

  /**
   * `DELETE /api/cart/`: `{assetId}` removes the entry, `{assetId, format}` unchecks one format (the
   * entry stays), `{assetIds}` removes entries, `{assetIds, format}` unchecks the format of each;
   * `{assetId(s), preset}` unchooses a preset, a retired one too (the entries stay; unknown: 404).
   * Unknown asset ids are 404 (a typo should not look like success); ids not in the cart change nothing.
   */
  async remove(user: AuthUser, change: ParsedCartChange): Promise<CartSummary> {
    const assetIds = 'assetIds' in change ? [...new Set(change.assetIds)] : [change.assetId];
    const presetId = 'preset' in change ? (await this.knownPreset(change.preset)).id : undefined;
    const known = await this.deps.catalogueRepository.existingAssetIds(assetIds);
    if (known.size !== assetIds.length) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    const format = 'format' in change ? change.format : undefined;
    if (presetId !== undefined) await this.deps.repository.removePreset(user.id, assetIds, presetId);
    else if (format === undefined) await this.deps.repository.removeEntries(user.id, assetIds);
    else await this.deps.repository.removeFormat(user.id, assetIds, format);
    return this.summary(user);
  }

  async clear(user: AuthUser): Promise<CartSummary> {
    await this.deps.repository.clear(user.id);
    return this.summary(user);
  }

  private async visibleIds(assetIds: number[]): Promise<number[]> {
    const files = await this.currentFilesOf(assetIds);
    return assetIds.filter((id) => files.has(id));
  }

  /** Current files of the visible assets among `assetIds`, by asset (absent = unknown or withdrawn). */
  private async currentFilesOf(assetIds: number[]): Promise<Map<number, FileRow[]>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.deps.catalogueRepository.visibleAssets(assetIds);
    const visible = rows.map((row) => row.id);
    const files = await this.deps.catalogueRepository.currentFiles(visible);
    const byAsset = new Map<number, FileRow[]>();
    for (const file of files) {
      const list = byAsset.get(file.assetId);
      if (list) list.push(file);
      else byAsset.set(file.assetId, [file]);
    }
    return byAsset;
  }
}
