import {
  ErrorCodes,
  LIST_MAX_ITEMS,
  LIST_MAX_SHARES,
  LISTS_MAX_PER_USER,
  type CartSummary,
  type ListAnswer,
  type ListItem,
  type ListsAnswer,
  type ListSummary,
} from '@mediabox/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { CatalogueRepository } from '../catalogue/catalogue.repository.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { ListRow, ListsRepository } from './lists.repository.js';

/**
 * Puts assets into the user's cart with their default format and answers the cart summary with
 * those left out: the cart's own bulk add, wired in context.ts (lists do not import the cart).
 */
export type CartFiller = (user: AuthUser, assetIds: number[]) => Promise<CartSummary>;

export interface ListsServiceDeps {
  repository: ListsRepository;
  catalogueRepository: Pick<CatalogueRepository, 'existingAssetIds' | 'visibleAssets'>;
  catalogue: Pick<CatalogueService, 'assetsByIds'>;
  fillCart: CartFiller;
  clock: Clock;
}

const summaryOf = (row: ListRow): ListSummary => ({
  id: row.id,
  name: row.name,
  itemCount: row.itemCount,
  updatedAt: new Date(row.updatedAt).toISOString(),
  owner: row.ownerName,
});

const notFound = () => new AppError(ErrorCodes.listNotFound, 'No such list');

/**
 * Issue 22.4: named lists. A list is its owner's to change; users it is shared with may read it and
 * put it into their own cart. To anybody else a list does not exist (404, never 403), and a reader
 * asking to change it gets the same 404, so a change never tells more than a read does.
 */
export class ListsService {
  constructor(private readonly deps: ListsServiceDeps) {}

  async overview(user: AuthUser): Promise<ListsAnswer> {
    const [own, shared] = await Promise.all([
      this.deps.repository.ownLists(user.id),
      this.deps.repository.sharedWith(user.id),
    ]);
    return { own: own.map(summaryOf), shared: shared.map(summaryOf) };
  }

  async create(user: AuthUser, name: string): Promise<ListAnswer> {
    if ((await this.deps.repository.countOwned(user.id)) >= LISTS_MAX_PER_USER) {
      throw new AppError(ErrorCodes.listTooMany, `A user keeps at most ${LISTS_MAX_PER_USER} lists`);
    }
    const id = await this.deps.repository.create(user.id, name, this.deps.clock.now());
    return this.read(user, id);
  }

  /** The list with its items; withdrawn items are named, never presented with files. */
  async read(user: AuthUser, listId: number): Promise<ListAnswer> {
    const list = await this.deps.repository.readable(listId, user.id);
    if (!list) throw notFound();
    const mine = list.ownerId === user.id;
    const [rows, shares] = await Promise.all([
      this.deps.repository.items(listId),
      mine ? this.deps.repository.shares(listId) : Promise.resolve([]),
    ]);
    const presented = await this.deps.catalogue.assetsByIds(
      rows.filter((row) => !row.withdrawn).map((row) => row.assetId),
      user,
    );
    const byId = new Map(presented.map((asset) => [asset.id, asset]));
    const items: ListItem[] = rows.map((row) => {
      const asset = byId.get(row.assetId) ?? null;
      return {
        assetId: row.assetId,
        name: {
          de: row.nameDe,
          ...(row.nameEn ? { en: row.nameEn } : {}),
          ...(row.nameFr ? { fr: row.nameFr } : {}),
        },
        // Not presentable (withdrawn, or without any current file): shown as withdrawn.
        withdrawn: asset === null,
        asset,
      };
    });
    return {
      list: summaryOf(list),
      mine,
      items,
      shares: shares.map((share) => ({ ...share, sharedAt: new Date(share.sharedAt).toISOString() })),
    };
  }

  async rename(user: AuthUser, listId: number, name: string): Promise<ListAnswer> {
    await this.owned(user, listId);
    await this.deps.repository.rename(listId, user.id, name, this.deps.clock.now());
    return this.read(user, listId);
  }

  async delete(user: AuthUser, listId: number): Promise<void> {
    await this.owned(user, listId);
    await this.deps.repository.delete(listId, user.id);
  }

  /**
   * Unknown assets: 404 'asset.errors.notFound'; withdrawn ones (or without any file):
   * 409 'lists.errors.assetWithdrawn'; more than LIST_MAX_ITEMS: 400. Nothing changes then.
   */
  async addItems(user: AuthUser, listId: number, assetIds: number[]): Promise<ListAnswer> {
    await this.owned(user, listId);
    const wanted = [...new Set(assetIds)];
    const known = await this.deps.catalogueRepository.existingAssetIds(wanted);
    if (known.size !== wanted.length) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    const visible = await this.deps.catalogueRepository.visibleAssets(wanted);
    if (visible.length !== wanted.length) {
      throw new AppError(ErrorCodes.listAssetWithdrawn, 'A withdrawn asset cannot be added');
    }
    const current = new Set(await this.deps.repository.itemIds(listId));
    const added = wanted.filter((id) => !current.has(id));
    if (current.size + added.length > LIST_MAX_ITEMS) {
      throw new AppError(ErrorCodes.listTooLarge, `A list holds at most ${LIST_MAX_ITEMS} assets`);
    }
    if (added.length > 0) await this.deps.repository.addItems(listId, added, this.deps.clock.now());
    return this.read(user, listId);
  }

  /** Ids not in the list change nothing (removing is idempotent, like the cart's). */
  async removeItems(user: AuthUser, listId: number, assetIds: number[]): Promise<ListAnswer> {
    await this.owned(user, listId);
    await this.deps.repository.removeItems(listId, [...new Set(assetIds)], this.deps.clock.now());
    return this.read(user, listId);
  }

  /**
   * Owner and readers alike: the list's presentable assets go into the caller's own cart with their
   * default format. Withdrawn items are left out and named in `skipped` with those the cart skips.
   */
  async toCart(user: AuthUser, listId: number): Promise<CartSummary> {
    const list = await this.deps.repository.readable(listId, user.id);
    if (!list) throw notFound();
    const ids = await this.deps.repository.itemIds(listId);
    const visible = new Set((await this.deps.catalogueRepository.visibleAssets(ids)).map((row) => row.id));
    const withdrawn = ids.filter((id) => !visible.has(id));
    const summary = await this.deps.fillCart(
      user,
      ids.filter((id) => visible.has(id)),
    );
    return { ...summary, skipped: [...withdrawn, ...(summary.skipped ?? [])] };
  }

  /**
   * Shares with the approved, active user of this address. Any other address is 404
   * 'lists.errors.unknownUser': it tells no more than the sign-up form's "address taken" already
   * does, and a signed-in partner needs to know the share went nowhere.
   */
  async share(user: AuthUser, listId: number, email: string): Promise<ListAnswer> {
    await this.owned(user, listId);
    const userId = await this.deps.repository.activeUserIdByEmail(email);
    if (userId === undefined) throw new AppError(ErrorCodes.listShareUnknownUser, 'No such user');
    if (userId === user.id) throw new AppError(ErrorCodes.listShareSelf, 'The list is yours already');
    const shares = await this.deps.repository.shares(listId);
    if (!shares.some((share) => share.userId === userId) && shares.length >= LIST_MAX_SHARES) {
      throw new AppError(
        ErrorCodes.listTooManyShares,
        `A list is shared with at most ${LIST_MAX_SHARES} users`,
      );
    }
    await this.deps.repository.share(listId, userId, this.deps.clock.now());
    return this.read(user, listId);
  }

  /** A user it is not shared with changes nothing. */
  async unshare(user: AuthUser, listId: number, userId: number): Promise<ListAnswer> {
    await this.owned(user, listId);
    await this.deps.repository.unshare(listId, userId);
    return this.read(user, listId);
  }

  /** The list if the user owns it; 404 otherwise, readers included. */
  private async owned(user: AuthUser, listId: number): Promise<ListRow> {
    const list = await this.deps.repository.owned(listId, user.id);
    if (!list) throw notFound();
    return list;
  }
}
