import type { Kysely, Selectable } from 'kysely';
import type { BundleEntriesTable, BundlesTable, Database, MessagesTable } from '../../platform/db/schema.js';

export type BundleRow = Selectable<BundlesTable>;
export type BundleEntryRow = Selectable<BundleEntriesTable>;
export type MessageRow = Selectable<MessagesTable>;

/**
 * A bundle entry with what the share page shows of its asset and stored file (null when gone), and
 * the current file of that asset and media type (null when there is none): the link delivers it
 * when the stored one was replaced since (issue 20.3).
 */
export type ShareEntryRow = BundleEntryRow & {
  name_de: string | null;
  name_en: string | null;
  name_fr: string | null;
  gtin: string | null;
  withdrawn_at: number | null;
  mime_type: string | null;
  width: number | null;
  height: number | null;
  current_file_id: number | null;
  current_blob_sha256: string | null;
  current_size: number | null;
  current_crc32: number | null;
  current_mime_type: string | null;
  current_width: number | null;
  current_height: number | null;
};

/** An entry to write: an original file, or (with preset_id and preset_version) a conversion of it. */
export type NewBundleEntry = Omit<BundleEntryRow, 'bundle_id' | 'position' | 'preset_id' | 'preset_version'> &
  Partial<Pick<BundleEntryRow, 'preset_id' | 'preset_version'>>;

export interface NewMessage {
  senderId: number;
  email: string;
  subject: string;
  text: string;
  lang: string;
  copyToSender: boolean;
}

/** The only place with bundle and message SQL. */
export class BundleRepository {
  /** Public for conversions asked for when a bundle is opened (ConversionRequests takes an executor). */
  constructor(readonly db: Kysely<Database>) {}

  /**
   * Writes a bundle, its entries and (for a sent cart) its message in one transaction, so a crash
   * leaves either all of them or none. `afterInsert` runs inside it (e.g. to queue the mail).
   */
  async insert(input: {
    bundle: Omit<BundleRow, 'id'>;
    entries: NewBundleEntry[];
    message?: NewMessage;
    afterInsert?: (executor: Kysely<Database>, bundleId: number) => Promise<void>;
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('bundles')
        .values(input.bundle)
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = input.entries.map((entry, position) => ({ ...entry, bundle_id: id, position }));
      // Bounded batches: SQLite allows 32,766 parameters per statement; an entry has ten.
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('bundle_entries')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      if (input.message) {
        const m = input.message;
        await trx
          .insertInto('messages')
          .values({
            bundle_id: id,
            sender_id: m.senderId,
            email: m.email,
            subject: m.subject,
            text: m.text,
            lang: m.lang,
            copy_to_sender: m.copyToSender ? 1 : 0,
            created_at: input.bundle.created_at,
          })
          .execute();
      }
      await input.afterInsert?.(trx, id);
      return id;
    });
  }

  /** CRC-32 of blobs (recorded at ingest), by hash. */
  async blobChecksums(hashes: string[]): Promise<Map<string, number>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('blobs')
      .select(['sha256', 'crc32'])
      .where('sha256', 'in', hashes)
      .execute();
    return new Map(rows.map((row) => [row.sha256, Number(row.crc32)]));
  }

  /** The MIME type of blobs (recorded when stored), by hash. */
  async blobMimeTypes(hashes: string[]): Promise<Map<string, string>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('blobs')
      .select(['sha256', 'mime_type'])
      .where('sha256', 'in', hashes)
      .execute();
    return new Map(rows.map((row) => [row.sha256, row.mime_type]));
  }

  findByFilename(filename: string): Promise<BundleRow | undefined> {
    return this.db.selectFrom('bundles').selectAll().where('filename', '=', filename).executeTakeFirst();
  }

  findById(id: number): Promise<BundleRow | undefined> {
    return this.db.selectFrom('bundles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A sent bundle's message (subject, text, language): what a link's mail is made of again. */
  messageOf(bundleId: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('bundle_id', '=', bundleId).executeTakeFirst();
  }

  /**
   * The entries of these bundles in zip order, without those of assets withdrawn since the bundle
   * was made: a confirmed removal reaches bundles made before it (lists and zips alike). Entries of
   * assets deleted outright stay (left join): the bundle still names their blobs.
   */
  entriesOf(bundleIds: number[], executor: Kysely<Database> = this.db): Promise<BundleEntryRow[]> {
    if (bundleIds.length === 0) return Promise.resolve([]);
    return executor
      .selectFrom('bundle_entries')
      .leftJoin('assets', 'assets.id', 'bundle_entries.asset_id')
      .selectAll('bundle_entries')
      .where('bundle_entries.bundle_id', 'in', bundleIds)
      .where('assets.withdrawn_at', 'is', null)
      .orderBy('bundle_entries.bundle_id')
      .orderBy('bundle_entries.position')
      .execute();
  }

  /**
   * Every entry of a bundle in zip order, withdrawn ones included (the share page marks them), with
   * what the share page shows of the asset and stored file and the current file of the same asset
   * and media type with its blob's size and CRC-32 (delivered-entries.ts decides what goes out).
   */
  shareEntriesOf(bundleId: number): Promise<ShareEntryRow[]> {
    return this.db
      .selectFrom('bundle_entries')
      .leftJoin('assets', 'assets.id', 'bundle_entries.asset_id')
      .leftJoin('asset_files', 'asset_files.id', 'bundle_entries.file_id')
      .leftJoin('asset_files as current', (join) =>
        join
          .onRef('current.asset_id', '=', 'bundle_entries.asset_id')
          .onRef('current.media_type', '=', 'bundle_entries.media_type')
          .on('current.is_current', '=', 1),
      )
      .leftJoin('blobs as current_blob', 'current_blob.sha256', 'current.blob_sha256')
      .selectAll('bundle_entries')
      .select([
        'assets.name_de',
        'assets.name_en',
        'assets.name_fr',
        'assets.gtin',
        'assets.withdrawn_at',
        'asset_files.mime_type',
        'asset_files.width',
        'asset_files.height',
        'current.id as current_file_id',
        'current.blob_sha256 as current_blob_sha256',
        'current_blob.size as current_size',
        'current_blob.crc32 as current_crc32',
        'current.mime_type as current_mime_type',
        'current.width as current_width',
        'current.height as current_height',
      ])
      .where('bundle_entries.bundle_id', '=', bundleId)
      .orderBy('bundle_entries.position')
      .orderBy('current.id', 'desc')
      .execute();
  }

  /** The owner's bundles of one kind that are still valid, newest first. */
  validBundles(ownerId: number, kind: BundleRow['kind'], now: number): Promise<BundleRow[]> {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  messagesOf(bundleIds: number[]): Promise<MessageRow[]> {
    if (bundleIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('messages').selectAll().where('bundle_id', 'in', bundleIds).execute();
  }

  /**
   * Deletes up to `limit` bundles that expired before `now` (entries and messages go with them) and
   * answers the blobs they named, for the caller to collect those nothing else uses.
   */
  async deleteExpired(now: number, limit: number): Promise<{ bundles: number; blobs: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const expired = await trx
        .selectFrom('bundles')
        .select('id')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      const ids = expired.map((row) => row.id);
      if (ids.length === 0) return { bundles: 0, blobs: [] };
      const blobs = await trx
        .selectFrom('bundle_entries')
        .select('blob_sha256')
        .distinct()
        .where('bundle_id', 'in', ids)
        .execute();
      await trx.deleteFrom('messages').where('bundle_id', 'in', ids).execute();
      // Recipients' links and their delivery facts go with their bundle (explicitly, as messages do).
      await trx
        .deleteFrom('bundle_link_events')
        .where('link_id', 'in', trx.selectFrom('bundle_links').select('id').where('bundle_id', 'in', ids))
        .execute();
      await trx.deleteFrom('bundle_links').where('bundle_id', 'in', ids).execute();
      await trx.deleteFrom('bundle_entries').where('bundle_id', 'in', ids).execute();
      await trx.deleteFrom('bundles').where('id', 'in', ids).execute();
      return { bundles: ids.length, blobs: blobs.map((row) => row.blob_sha256) };
    });
  }

  /**
   * Deletes the rows of those blobs that no asset file, order file or bundle names any more, with their
   * renditions and conversions (issue 21.4), and answers every blob hash whose row went (the caller
   * then deletes the files). Every table that names an original blob must be listed here; a blob a
   * conversion row names is a made file, never deleted while that row exists.
   */
  async deleteUnreferencedBlobs(candidates: string[]): Promise<string[]> {
    if (candidates.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const unused = await trx
        .selectFrom('blobs')
        .select('sha256')
        .where('sha256', 'in', candidates)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('asset_files').select('id').whereRef('asset_files.blob_sha256', '=', 'blobs.sha256'),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('order_files').select('id').whereRef('order_files.blob_sha256', '=', 'blobs.sha256'),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('bundle_entries')
                .select('bundle_id')
                .whereRef('bundle_entries.blob_sha256', '=', 'blobs.sha256'),
            ),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('conversions')
                .select('source_sha256')
                .whereRef('conversions.blob_sha256', '=', 'blobs.sha256'),
            ),
          ),
        )
        .execute();
      const originals = unused.map((row) => row.sha256);
      if (originals.length === 0) return [];
      const renditions = await trx
        .selectFrom('renditions')
        .select('blob_sha256')
        .where('source_sha256', 'in', originals)
        .execute();
      await trx.deleteFrom('renditions').where('source_sha256', 'in', originals).execute();
      const conversions = await trx
        .selectFrom('conversions')
        .select('blob_sha256')
        .where('source_sha256', 'in', originals)
        .execute();
      await trx.deleteFrom('conversions').where('source_sha256', 'in', originals).execute();
      // A made file's bytes can equal another source's rendition or conversion (the same pixels in
      // two files), or even be imported as a file of its own: keep any still named.
      const derivedBlobs = [
        ...new Set([
          ...renditions.map((row) => row.blob_sha256),
          ...conversions.flatMap((row) => (row.blob_sha256 === null ? [] : [row.blob_sha256])),
        ]),
      ];
      const stillUsed = new Set<string>();
      if (derivedBlobs.length > 0) {
        const naming = [
          trx
            .selectFrom('renditions')
            .select('blob_sha256 as sha256')
            .where('blob_sha256', 'in', derivedBlobs),
          trx
            .selectFrom('conversions')
            .select('blob_sha256 as sha256')
            .where('blob_sha256', 'in', derivedBlobs),
          trx
            .selectFrom('asset_files')
            .select('blob_sha256 as sha256')
            .where('blob_sha256', 'in', derivedBlobs),
          trx
            .selectFrom('order_files')
            .select('blob_sha256 as sha256')
            .where('blob_sha256', 'in', derivedBlobs),
          trx
            .selectFrom('bundle_entries')
            .select('blob_sha256 as sha256')
            .where('blob_sha256', 'in', derivedBlobs),
        ];
        for (const query of naming) {
          for (const row of await query.execute()) if (row.sha256) stillUsed.add(row.sha256);
        }
      }
      const hashes = [...originals, ...derivedBlobs.filter((hash) => !stillUsed.has(hash))];
      await trx.deleteFrom('blobs').where('sha256', 'in', hashes).execute();
      return hashes;
    });
  }
}
