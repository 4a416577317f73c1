import {
  CART_MAX_ASSETS,
  ErrorCodes,
  type CartAnswer,
  type CartChange,
  type CartItem,
  type CartSummary,
} from '@mediabox/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { mainFileOf } from '../catalogue/asset-presenter.js';
import type { AssetRow, CatalogueRepository, FileRow } from '../catalogue/catalogue.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { CartRepository } from './cart.repository.js';

type ParsedCartChange = z.output<typeof CartChange>;

export interface CartServiceDeps {
  repository: CartRepository;
  catalogueRepository: CatalogueRepository;
  catalogue: CatalogueService;
  clock: Clock;
}

/** A cart entry resolved against the catalogue: the asset's current files of the chosen formats. */
export interface ResolvedCartEntry {
  assetId: number;
  /** The chosen formats' current files, ordered by media type. */
  files: FileRow[];
}

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
    let entries = await this.resolvedEntries(user);
    if (onlyAssetId !== undefined) {
      entries = entries.filter((entry) => entry.assetId === onlyAssetId);
      if (entries.length === 0) throw new AppError(ErrorCodes.notFound, 'This asset is not in the cart');
    }
    const items = await this.deps.catalogue.assetsByIds(
      entries.map((entry) => entry.assetId),
      user,
    );
    const presented = new Set(items.map((item) => item.id));
    const cartItems: CartItem[] = entries
      .filter((entry) => presented.has(entry.assetId))
      .map((entry) => ({
        id: entry.assetId,
        files: entry.files.map((file) => ({
          mediaType: file.mediaType,
          fileId: file.id,
          fileName: file.fileName,
          fileSize: file.size,
        })),
        presets: [],
      }));
    return { items, cartItems };
  }

  /** The user's visible entries with the current files of their chosen formats, in cart order. */
  async resolvedEntries(user: AuthUser): Promise<ResolvedCartEntry[]> {
    const entries = await this.deps.repository.entries(user.id);
    const files = await this.currentFilesOf(entries.map((entry) => entry.assetId));
    return entries
      .filter((entry) => files.has(entry.assetId))
      .map((entry) => ({
        assetId: entry.assetId,
        files: (files.get(entry.assetId) ?? []).filter((file) => entry.formats.includes(file.mediaType)),
      }));
  }

  /** The visible entries with their asset rows, for the spreadsheet of `GET /api/cart/list`. */
  async entriesWithAssets(user: AuthUser): Promise<{ asset: AssetRow; files: FileRow[] }[]> {
    const entries = await this.resolvedEntries(user);
    const rows = await this.deps.catalogueRepository.visibleAssets(entries.map((entry) => entry.assetId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return entries.flatMap((entry) => {
      const asset = byId.get(entry.assetId);
      return asset ? [{ asset, files: entry.files }] : [];
    });
  }

  /**
   * `PUT /api/cart/`. Unknown or withdrawn assets: 404, nothing changes. A single asset lacking the
   * format: 400 'cart.errors.formatMissing'. In a bulk add those lacking it are left out and listed
   * in `skipped`. Adding what is there already changes nothing (PUT is idempotent).
   */
  async add(user: AuthUser, change: ParsedCartChange): Promise<CartSummary> {
    const assetIds = 'assetIds' in change ? [...new Set(change.assetIds)] : [change.assetId];
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
    const current = new Set(await this.deps.repository.assetIds(user.id));
    const newAssets = additions.filter((addition) => !current.has(addition.assetId)).length;
    if (current.size + newAssets > CART_MAX_ASSETS) {
      throw new AppError(ErrorCodes.cartTooLarge, `A cart holds at most ${CART_MAX_ASSETS} assets`);
    }
    await this.deps.repository.add(user.id, additions, this.deps.clock.now());
    return this.summary(user, 'assetIds' in change ? skipped : undefined);
  }

  /**
   * `DELETE /api/cart/`: `{assetId}` removes the entry, `{assetId, format}` unchecks one format (the
   * entry stays), `{assetIds}` removes entries, `{assetIds, format}` unchecks the format of each.
   * Unknown asset ids are 404 (a typo should not look like success); ids not in the cart change nothing.
   */
  async remove(user: AuthUser, change: ParsedCartChange): Promise<CartSummary> {
    const assetIds = 'assetIds' in change ? [...new Set(change.assetIds)] : [change.assetId];
    const known = await this.deps.catalogueRepository.existingAssetIds(assetIds);
    if (known.size !== assetIds.length) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    const format = 'format' in change ? change.format : undefined;
    if (format === undefined) await this.deps.repository.removeEntries(user.id, assetIds);
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
