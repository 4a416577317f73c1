import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** A list with what the overview shows: its owner's name and how many items it holds. */
export interface ListRow {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  itemCount: number;
  updatedAt: number;
}

/** An item of a list with the asset's names and whether it has been withdrawn since. */
export interface ListItemRow {
  assetId: number;
  nameDe: string;
  nameEn: string | null;
  nameFr: string | null;
  withdrawn: boolean;
}

export interface ListShareRow {
  userId: number;
  email: string;
  name: string;
  sharedAt: number;
}

type Db = Kysely<Database>;

/** "Vorname Nachname", or the address when both are empty (an account made by the CLI). */
const personName = (row: { firstname: string; lastname: string; email: string }): string =>
  `${row.firstname} ${row.lastname}`.trim() || row.email;

/**
 * The only place with list SQL. Every read names the caller: a list is found only when they own it
 * (`owned`) or own it or have it shared with them (`readable`), so no other user's list leaks.
 */
export class ListsRepository {
  constructor(private readonly db: Db) {}

  /** Lists with owner name and item count; `where` picks which. */
  private listQuery() {
    return this.db
      .selectFrom('lists')
      .innerJoin('users as owner', 'owner.id', 'lists.owner_id')
      .select((eb) => [
        'lists.id',
        'lists.owner_id',
        'lists.name',
        'lists.updated_at',
        'owner.firstname',
        'owner.lastname',
        'owner.email',
        eb
          .selectFrom('list_items')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('list_items.list_id', '=', 'lists.id')
          .as('item_count'),
      ]);
  }

  private static toListRow(row: {
    id: number;
    owner_id: number;
    name: string;
    updated_at: number;
    firstname: string;
    lastname: string;
    email: string;
    item_count: number | string | null;
  }): ListRow {
    return {
      id: row.id,
      ownerId: row.owner_id,
      ownerName: personName(row),
      name: row.name,
      itemCount: Number(row.item_count ?? 0),
      updatedAt: Number(row.updated_at),
    };
  }

  /** The user's own lists, last changed first. */
  async ownLists(userId: number): Promise<ListRow[]> {
    const rows = await this.listQuery()
      .where('lists.owner_id', '=', userId)
      .orderBy('lists.updated_at', 'desc')
      .orderBy('lists.id', 'desc')
      .execute();
    return rows.map(ListsRepository.toListRow);
  }

  /** Lists others share with the user, last changed first. */
  async sharedWith(userId: number): Promise<ListRow[]> {
    const rows = await this.listQuery()
      .innerJoin('list_shares', 'list_shares.list_id', 'lists.id')
      .where('list_shares.user_id', '=', userId)
      .orderBy('lists.updated_at', 'desc')
      .orderBy('lists.id', 'desc')
      .execute();
    return rows.map(ListsRepository.toListRow);
  }

  /** The list when the user owns it or it is shared with them. */
  async readable(listId: number, userId: number): Promise<ListRow | undefined> {
    const row = await this.listQuery()
      .where('lists.id', '=', listId)
      .where((eb) =>
        eb.or([
          eb('lists.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('list_shares')
              .select('list_shares.list_id')
              .whereRef('list_shares.list_id', '=', 'lists.id')
              .where('list_shares.user_id', '=', userId),
          ),
        ]),
      )
      .executeTakeFirst();
    return row && ListsRepository.toListRow(row);
  }

  /** The list when the user owns it (every change asks this first). */
  async owned(listId: number, userId: number): Promise<ListRow | undefined> {
    const row = await this.listQuery()
      .where('lists.id', '=', listId)
      .where('lists.owner_id', '=', userId)
      .executeTakeFirst();
    return row && ListsRepository.toListRow(row);
  }

  async countOwned(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('lists')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(ownerId: number, name: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('lists')
      .values({ owner_id: ownerId, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(listId: number, ownerId: number, name: string, now: number): Promise<void> {
    await this.db
      .updateTable('lists')
      .set({ name, updated_at: now })
      .where('id', '=', listId)
      .where('owner_id', '=', ownerId)
      .execute();
  }

  /** Items and shares go with it (foreign keys cascade). */
  async delete(listId: number, ownerId: number): Promise<void> {
    await this.db.deleteFrom('lists').where('id', '=', listId).where('owner_id', '=', ownerId).execute();
  }

  /** The items in the order they were added, withdrawn ones included. */
  async items(listId: number): Promise<ListItemRow[]> {
    const rows = await this.db
      .selectFrom('list_items')
      .innerJoin('assets', 'assets.id', 'list_items.asset_id')
      .select(['assets.id', 'assets.name_de', 'assets.name_en', 'assets.name_fr', 'assets.withdrawn_at'])
      .where('list_items.list_id', '=', listId)
      .orderBy('list_items.added_at')
      .orderBy('list_items.asset_id')
      .execute();
    return rows.map((row) => ({
      assetId: row.id,
      nameDe: row.name_de,
      nameEn: row.name_en,
      nameFr: row.name_fr,
      withdrawn: row.withdrawn_at !== null,
    }));
  }

  async itemIds(listId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('list_items')
      .select('asset_id')
      .where('list_id', '=', listId)
      .orderBy('added_at')
      .orderBy('asset_id')
      .execute();
    return rows.map((row) => row.asset_id);
  }

  /** Adds the assets (those already there stay as they are) and marks the list changed. */
  async addItems(listId: number, assetIds: number[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('list_items')
        .values(
          assetIds.map((assetId, index) => ({ list_id: listId, asset_id: assetId, added_at: now + index })),
        )
        .onConflict((oc) => oc.columns(['list_id', 'asset_id']).doNothing())
        .execute();
      await trx.updateTable('lists').set({ updated_at: now }).where('id', '=', listId).execute();
    });
  }

  async removeItems(listId: number, assetIds: number[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('list_items')
        .where('list_id', '=', listId)
        .where('asset_id', 'in', assetIds)
        .execute();
      await trx.updateTable('lists').set({ updated_at: now }).where('id', '=', listId).execute();
    });
  }

  async shares(listId: number): Promise<ListShareRow[]> {
    const rows = await this.db
      .selectFrom('list_shares')
      .innerJoin('users', 'users.id', 'list_shares.user_id')
      .select(['users.id', 'users.email', 'users.firstname', 'users.lastname', 'list_shares.shared_at'])
      .where('list_shares.list_id', '=', listId)
      .orderBy('list_shares.shared_at')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({
      userId: row.id,
      email: row.email,
      name: personName(row),
      sharedAt: Number(row.shared_at),
    }));
  }

  /**
   * The id of the approved, active account with this address (stored lower-cased, as sign-up
   * keeps it): the users a list can be shared with are exactly those who may sign in and read it.
   */
  async activeUserIdByEmail(email: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('email_confirmed_at', 'is not', null)
      .where('approved_at', 'is not', null)
      .where('deactivated_at', 'is', null)
      .where('rejected_at', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** Shares with the user (sharing twice keeps the first time). */
  async share(listId: number, userId: number, now: number): Promise<void> {
    await this.db
      .insertInto('list_shares')
      .values({ list_id: listId, user_id: userId, shared_at: now })
      .onConflict((oc) => oc.columns(['list_id', 'user_id']).doNothing())
      .execute();
  }

  async unshare(listId: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('list_shares')
      .where('list_id', '=', listId)
      .where('user_id', '=', userId)
      .execute();
  }
}
