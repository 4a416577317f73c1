import { sql, type Kysely } from 'kysely';
import type { AssetChangesTable, Database } from '../../platform/db/schema.js';

/** A change as recorded, with what the notices of it need to know. */
export interface ChangeToTell {
  id: number;
  assetId: number;
  /** Downloads at or after this instant make their downloader someone to tell. */
  since: number;
  now: number;
  /** The change's day in the portal's time zone (YYYY-MM-DD). */
  day: string;
}

/** A notice claimed for mailing. */
export interface ClaimedNotice {
  id: number;
  change_id: number;
  recipient: string;
  user_id: number | null;
  lang: string;
}

/** A change with the asset's names, for mails and the admin lists. */
export interface ChangeRow {
  id: number;
  asset_id: number;
  kind: AssetChangesTable['kind'];
  media_type: number | null;
  at: number;
  told: number;
  mailed: number;
  name_de: string;
  name_en: string | null;
  name_fr: string | null;
  gtin: string | null;
}

/*
 * Values in the select list of an INSERT … SELECT carry no type on PostgreSQL (a bare parameter
 * there is text); each is cast to its column's type. better-sqlite3 may bind a number as REAL: the
 * cast makes it an integer there too.
 */
const int = (value: number) => sql<number>`cast(${value} as integer)`;
const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;
const text = (value: string) => sql<string>`cast(${value} as varchar(10))`;

/** The SQL of the takedown loop: asset changes, the notices they owe, and their mailing. */
export class TakedownRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The same queries on another executor (the caller's transaction). */
  on(executor: Kysely<Database>): TakedownRepository {
    return new TakedownRepository(executor);
  }

  async insertChange(change: {
    assetId: number;
    kind: AssetChangesTable['kind'];
    mediaType: number | null;
    at: number;
    actorId: number | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('asset_changes')
      .values({
        asset_id: change.assetId,
        kind: change.kind,
        media_type: change.mediaType,
        at: change.at,
        actor_id: change.actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Bundles that hold the asset (withdrawn or not: the bundle's manifest keeps the row). */
  private bundlesWith(assetId: number) {
    return this.db
      .selectFrom('bundle_entries')
      .select('bundle_entries.bundle_id')
      .where('asset_id', '=', assetId);
  }

  /**
   * Signed-in downloaders, in one INSERT … SELECT whatever their number: the users (active ones)
   * whose download history (`user_downloads`, kept whatever their tracking consent) has the asset,
   * alone or in a bundle, within the window.
   */
  async tellSignedInDownloaders(change: ChangeToTell): Promise<void> {
    const { db } = this;
    await db
      .insertInto('takedown_notices')
      .columns(['change_id', 'asset_id', 'recipient', 'user_id', 'lang', 'created_at', 'day'])
      .expression(
        db
          .selectFrom('users as u')
          .select((eb) => [
            int(change.id).as('change_id'),
            int(change.assetId).as('asset_id'),
            eb.fn<string>('lower', ['u.email']).as('recipient'),
            'u.id as user_id',
            'u.lang',
            bigint(change.now).as('created_at'),
            text(change.day).as('day'),
          ])
          .innerJoin('user_downloads as d', 'd.user_id', 'u.id')
          .where('d.asset_id', '=', change.assetId)
          .where('d.last_at', '>=', change.since)
          .where('u.deactivated_at', 'is', null),
      )
      .onConflict((conflict) => conflict.columns(['change_id', 'recipient']).doNothing())
      .execute();
  }

  /**
   * Link recipients who took the asset (its file, or the zip of a bundle holding it) within the
   * window, in one INSERT … SELECT; an address already told as a signed-in user is skipped by the
   * unique (change, address). Opening the share page alone is not a download.
   */
  async tellLinkRecipients(change: ChangeToTell): Promise<void> {
    const { db } = this;
    await db
      .insertInto('takedown_notices')
      .columns(['change_id', 'asset_id', 'recipient', 'user_id', 'lang', 'created_at', 'day'])
      .expression(
        db
          .selectFrom('bundle_links as l')
          .select((eb) => [
            int(change.id).as('change_id'),
            int(change.assetId).as('asset_id'),
            eb.fn<string>('lower', ['l.recipient']).as('recipient'),
            sql<number | null>`cast(null as integer)`.as('user_id'),
            'l.lang',
            bigint(change.now).as('created_at'),
            text(change.day).as('day'),
          ])
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('bundle_link_events as ev')
                .select('ev.id')
                .whereRef('ev.link_id', '=', 'l.id')
                .where('ev.at', '>=', change.since)
                .where((inner) =>
                  inner.or([
                    inner.and([inner('ev.kind', '=', 'file'), inner('ev.asset_id', '=', change.assetId)]),
                    inner.and([
                      inner('ev.kind', '=', 'zip'),
                      inner('l.bundle_id', 'in', this.bundlesWith(change.assetId)),
                    ]),
                  ]),
                ),
            ),
          ),
      )
      .onConflict((conflict) => conflict.columns(['change_id', 'recipient']).doNothing())
      .execute();
  }

  /** Counts the change's notices and stores the count as its `told`; answers it. */
  async settleTold(changeId: number): Promise<number> {
    const { count } = await this.db
      .selectFrom('takedown_notices')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('change_id', '=', changeId)
      .executeTakeFirstOrThrow();
    const told = Number(count);
    await this.db.updateTable('asset_changes').set({ told }).where('id', '=', changeId).execute();
    return told;
  }

  /** Addresses with notices not yet mailed, of days before `beforeDay` (every day when null). */
  async pendingRecipients(beforeDay: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('takedown_notices')
      .select('recipient')
      .distinct()
      .where('mailed_at', 'is', null)
      .$if(beforeDay !== null, (query) => query.where('day', '<', beforeDay!))
      .orderBy('recipient')
      .limit(limit)
      .execute();
    return rows.map((row) => row.recipient);
  }

  /**
   * Marks these addresses' pending notices mailed (compare-and-set on `mailed_at`) and answers the
   * rows this call changed: a notice another runner claimed first is not among them.
   */
  async claim(recipients: string[], beforeDay: string | null, now: number): Promise<ClaimedNotice[]> {
    if (recipients.length === 0) return [];
    return this.db
      .updateTable('takedown_notices')
      .set({ mailed_at: now })
      .where('mailed_at', 'is', null)
      .where('recipient', 'in', recipients)
      .$if(beforeDay !== null, (query) => query.where('day', '<', beforeDay!))
      .returning(['id', 'change_id', 'recipient', 'user_id', 'lang'])
      .execute();
  }

  private changes() {
    return this.db
      .selectFrom('asset_changes as c')
      .innerJoin('assets as a', 'a.id', 'c.asset_id')
      .select((eb) => [
        'c.id',
        'c.asset_id',
        'c.kind',
        'c.media_type',
        'c.at',
        'c.told',
        eb
          .selectFrom('takedown_notices as n')
          .select((inner) => inner.fn.countAll<number | string>().as('mailed'))
          .whereRef('n.change_id', '=', 'c.id')
          .where('n.mailed_at', 'is not', null)
          .as('mailed'),
        'a.name_de',
        'a.name_en',
        'a.name_fr',
        'a.gtin',
      ]);
  }

  private static row(row: Omit<ChangeRow, 'mailed'> & { mailed: number | string | null }): ChangeRow {
    return { ...row, at: Number(row.at), mailed: Number(row.mailed ?? 0) };
  }

  async changesById(ids: number[]): Promise<ChangeRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.changes().where('c.id', 'in', ids).orderBy('c.at').orderBy('c.id').execute();
    return rows.map(TakedownRepository.row);
  }

  /** The newest changes of all assets. */
  async latestChanges(limit: number): Promise<ChangeRow[]> {
    const rows = await this.changes().orderBy('c.at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
    return rows.map(TakedownRepository.row);
  }

  /** Every change of these assets, newest first (one query for a whole list of assets). */
  async changesOfAssets(assetIds: number[]): Promise<ChangeRow[]> {
    if (assetIds.length === 0) return [];
    const rows = await this.changes()
      .where('c.asset_id', 'in', assetIds)
      .orderBy('c.at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map(TakedownRepository.row);
  }

  /** How many people have notices not yet mailed. */
  async pendingPeople(): Promise<number> {
    const { count } = await this.db
      .selectFrom('takedown_notices')
      .select(sql<number | string>`count(distinct recipient)`.as('count'))
      .where('mailed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  }
}
