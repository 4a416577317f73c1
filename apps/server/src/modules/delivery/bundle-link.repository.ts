import { LINK_DOWNLOADS_SHOWN } from '@mediabox/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { foldCase } from '../../platform/db/case-fold.js';
import type { DialectName } from '../../platform/db/database.js';
import type { BundleLinkEventsTable, BundleLinksTable, Database } from '../../platform/db/schema.js';

export type LinkRow = Selectable<BundleLinksTable>;
export type NewLink = Insertable<BundleLinksTable>;
export type LinkEventKind = BundleLinkEventsTable['kind'];

/** A link with what deciding who may act on it needs: the bundle's owner and expiry. */
export type OwnedLinkRow = LinkRow & { owner_id: number; bundle_expires_at: number };

/** One download at a link, as a list shows it: the entry's delivered name for a file. */
export interface LinkDownloadRow {
  link_id: number;
  kind: 'file' | 'zip';
  at: number;
  complete: number;
  entry_name: string | null;
}

/** A link as the admin list shows it, with its sender and what was sent. */
export type AdminLinkRow = LinkRow & {
  sender_id: number;
  sender_email: string;
  sender_firstname: string;
  sender_lastname: string;
  subject: string | null;
  item_count: number;
};

/** `%text%` for LIKE with `\` as the escape character, so `%` and `_` typed by a user match themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The only place with the SQL of recipients' links and their delivery facts (issue 20.2). */
export class BundleLinkRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs work in one transaction (a mail queued with the row change it reports). */
  transaction<T>(work: (executor: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Inside the send's transaction: the links exist exactly when their mails are queued. */
  async insert(executor: Kysely<Database>, rows: NewLink[]): Promise<LinkRow[]> {
    if (rows.length === 0) return [];
    return executor.insertInto('bundle_links').values(rows).returningAll().execute();
  }

  findByName(name: string): Promise<LinkRow | undefined> {
    return this.db.selectFrom('bundle_links').selectAll().where('name', '=', name).executeTakeFirst();
  }

  findOwned(name: string): Promise<OwnedLinkRow | undefined> {
    return this.db
      .selectFrom('bundle_links')
      .innerJoin('bundles', 'bundles.id', 'bundle_links.bundle_id')
      .selectAll('bundle_links')
      .select(['bundles.owner_id', 'bundles.expires_at as bundle_expires_at'])
      .where('bundle_links.name', '=', name)
      .executeTakeFirst();
  }

  /** Sets revoked_at the first time only: revoking again changes nothing. */
  async revoke(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('bundle_links')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The link's new expiry, and the bundle's raised to it: a bundle lives as long as its longest link. */
  async extend(link: Pick<LinkRow, 'id' | 'bundle_id'>, expiresAt: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bundle_links')
        .set({ expires_at: expiresAt })
        .where('id', '=', link.id)
        .execute();
      await trx
        .updateTable('bundles')
        .set({ expires_at: expiresAt })
        .where('id', '=', link.bundle_id)
        .where('expires_at', '<', expiresAt)
        .execute();
    });
  }

  async markSent(id: number, now: number, executor: Kysely<Database> = this.db): Promise<void> {
    await executor.updateTable('bundle_links').set({ last_sent_at: now }).where('id', '=', id).execute();
  }

  /** A delivery fact at its start; the link's first opening is kept once, its last activity always. */
  async recordEvent(
    linkId: number,
    event: { kind: LinkEventKind; position?: number; assetId?: number },
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('bundle_link_events')
        .values({
          link_id: linkId,
          at: now,
          kind: event.kind,
          position: event.position ?? null,
          asset_id: event.assetId ?? null,
        })
        .execute();
      await trx
        .updateTable('bundle_links')
        .set((eb) => ({
          last_activity_at: now,
          ...(event.kind === 'opened'
            ? { first_opened_at: eb.fn.coalesce('first_opened_at', eb.val(now)) }
            : {}),
        }))
        .where('id', '=', linkId)
        .execute();
    });
  }

  /**
   * The last byte of a download went out: its newest incomplete event (of that link, kind and
   * position) is complete, whether the bytes came in one answer or in a resumed Range.
   */
  async completeEvent(
    linkId: number,
    event: { kind: 'file' | 'zip'; position?: number },
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let newest = trx
        .selectFrom('bundle_link_events')
        .select('id')
        .where('link_id', '=', linkId)
        .where('kind', '=', event.kind)
        .where('complete', '=', 0)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1);
      newest =
        event.position === undefined
          ? newest.where('position', 'is', null)
          : newest.where('position', '=', event.position);
      const row = await newest.executeTakeFirst();
      if (!row) return;
      await trx.updateTable('bundle_link_events').set({ complete: 1 }).where('id', '=', row.id).execute();
      await trx.updateTable('bundle_links').set({ last_activity_at: now }).where('id', '=', linkId).execute();
    });
  }

  /** Every link of these bundles, in the order they were made (the order the addresses were typed). */
  linksOfBundles(bundleIds: number[]): Promise<LinkRow[]> {
    if (bundleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('bundle_links')
      .selectAll()
      .where('bundle_id', 'in', bundleIds)
      .orderBy('bundle_id')
      .orderBy('id')
      .execute();
  }

  /** The newest LINK_DOWNLOADS_SHOWN downloads of each link, in one query, newest first. */
  downloadsOf(linkIds: number[]): Promise<LinkDownloadRow[]> {
    if (linkIds.length === 0) return Promise.resolve([]);
    const ranked = this.db
      .selectFrom('bundle_link_events as e')
      .innerJoin('bundle_links as l', 'l.id', 'e.link_id')
      .leftJoin('bundle_entries as be', (join) =>
        join.onRef('be.bundle_id', '=', 'l.bundle_id').onRef('be.position', '=', 'e.position'),
      )
      .select([
        'e.id',
        'e.link_id',
        'e.kind',
        'e.at',
        'e.complete',
        'be.entry_name',
        sql<number>`row_number() over (partition by e.link_id order by e.at desc, e.id desc)`.as('rank'),
      ])
      .where('e.link_id', 'in', linkIds)
      .where('e.kind', 'in', ['file', 'zip']);
    return this.db
      .selectFrom(ranked.as('r'))
      .select(['r.link_id', 'r.kind', 'r.at', 'r.complete', 'r.entry_name'])
      .where('r.rank', '<=', LINK_DOWNLOADS_SHOWN)
      .orderBy('r.link_id')
      .orderBy('r.at', 'desc')
      .orderBy('r.id', 'desc')
      .execute() as Promise<LinkDownloadRow[]>;
  }

  /** `GET /api/admin/links`: every link, newest first; `q` a substring of recipient or sender address. */
  async adminPage(filter: {
    offset: number;
    limit: number;
    q: string;
  }): Promise<{ rows: AdminLinkRow[]; total: number }> {
    let base = this.db
      .selectFrom('bundle_links as l')
      .innerJoin('bundles as b', 'b.id', 'l.bundle_id')
      .innerJoin('users as u', 'u.id', 'b.owner_id')
      .leftJoin('messages as m', 'm.bundle_id', 'l.bundle_id');
    if (filter.q !== '') {
      // Both sides folded by foldCase (SQLite's own LIKE folds ASCII only); an explicit ESCAPE, as
      // SQLite has no default escape character.
      const pattern = foldCase(this.dialect, containsPattern(filter.q));
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`${foldCase(this.dialect, eb.ref('l.recipient'))} like ${pattern} escape '\\'`,
          sql<boolean>`${foldCase(this.dialect, eb.ref('u.email'))} like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('l')
        .select([
          'u.id as sender_id',
          'u.email as sender_email',
          'u.firstname as sender_firstname',
          'u.lastname as sender_lastname',
          'm.subject',
          (eb) =>
            eb
              .selectFrom('bundle_entries as be')
              .select(sql<number>`count(distinct be.asset_id)`.as('n'))
              .whereRef('be.bundle_id', '=', 'l.bundle_id')
              .as('item_count'),
        ])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({ ...row, item_count: Number(row.item_count ?? 0) })),
      total: Number(count.n),
    };
  }
}
