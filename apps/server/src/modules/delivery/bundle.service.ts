import { createHash, randomBytes } from 'node:crypto';
import {
  BUNDLE_FILENAME_PATTERN,
  BUNDLE_VALIDITY_DAYS,
  ErrorCodes,
  type BundleItem,
  type BundleProgress,
  type Download,
  type Language,
  type Message,
} from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { RangedBody } from '../../platform/http/ranged-reply.js';
import type { Tickets } from '../../platform/http/tickets.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { CartService, DeliveryItem } from '../cart/cart.service.js';
import {
  conversionKeyText,
  type ConversionKey,
  type ConversionRequests,
} from '../conversions/conversion-requests.js';
import type { PresetsService } from '../presets/presets.service.js';
import type { DownloadEvents } from '../tracking/download-events.js';
import { deliveredAssetName } from './delivered-names.js';
import { planZip } from './zip/zip-layout.js';
import { zipStream } from './zip/zip-stream.js';
import type {
  BundleEntryRow,
  BundleRepository,
  BundleRow,
  NewBundleEntry,
  NewMessage,
} from './bundle.repository.js';
import type { BundleLinkRepository, LinkRow } from './bundle-link.repository.js';
import {
  conversionKeyOf,
  deliverable,
  deliveredEntries,
  progressOf,
  withConversions,
  type DeliveredEntry,
} from './delivered-entries.js';
import { downloadsByLink, presentLink } from './recipient-link-presenter.js';
import type { ActiveUsers } from '../../platform/security/active-users.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const BUNDLE_VALIDITY_MS = BUNDLE_VALIDITY_DAYS * DAY_MS;

export interface BundleServiceDeps {
  repository: BundleRepository;
  /** Recipients' links (issue 20.2): a link name opens its bundle, and what happens there is recorded. */
  links: BundleLinkRepository;
  cart: CartService;
  blobs: BlobStore;
  clock: Clock;
  /** A download link belongs to its creator: it ends with their account (issue 17.4). */
  activeUsers: Pick<ActiveUsers, 'isActive'>;
  /** Links signed for the signed-in user, so that a download from them counts as theirs. */
  tickets: Pick<Tickets, 'bundleLink' | 'verifyBundleLink'>;
  /** Every bundle download is counted (from its first byte). */
  downloads: Pick<DownloadEvents, 'recordForViewer'>;
  /** Converted files (issue 21.4): asked for with a bundle, read when it is opened. */
  conversions: ConversionRequests;
  /** The names of the presets a bundle's conversions are made with (retired ones too). */
  presets: Pick<PresetsService, 'listAll'>;
}

/**
 * A valid bundle ready to stream, opened by the name in the address: its row, the entries it delivers
 * in zip order (withdrawn, preparing and failed ones left out, replaced ones as their current file,
 * conversions as the made file), every entry with its status for the share page, and the
 * recipient's link when the name was one.
 */
export interface OpenBundle {
  /** The name the bundle was opened by: its own file name or a recipient's link name. */
  name: string;
  bundle: BundleRow;
  entries: DeliveredEntry[];
  all: DeliveredEntry[];
  link: LinkRow | null;
}

/** The layout of an open bundle's zip: the one source of its exact size and of its bytes. */
export function zipPlanOf({
  bundle,
  entries,
}: Pick<OpenBundle, 'bundle' | 'entries'>): ReturnType<typeof planZip> {
  return planZip(
    entries.map((entry) => ({
      name: entry.entry_name,
      size: Number(entry.size),
      crc32: Number(entry.crc32),
      modifiedAt: bundle.created_at,
    })),
  );
}

/** A short hash of the blobs a zip delivers, in order: part of its ETag. */
function layoutHash(entries: Pick<BundleEntryRow, 'blob_sha256'>[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(`${entry.blob_sha256}\n`);
  return hash.digest('base64url').slice(0, 16);
}

/** The name the browser saves a bundle under: the portal and the bundle's day, not the random key. */
function saveAsName(createdAt: number): string {
  return `Mediabox-${new Date(createdAt).toISOString().slice(0, 10)}.zip`;
}

/**
 * Bundles (spec 2.6–2.8, 7.3): stored manifests of the cart's chosen files, owned by their creator,
 * valid 14 days. The zip itself is never stored: it is laid out from the manifest and streamed.
 */
export class BundleService {
  constructor(private readonly deps: BundleServiceDeps) {}

  /**
   * Makes a bundle of the user's cart as it is now. Empty cart: 400 'cart.errors.empty'; no format
   * chosen anywhere: 400 'cart.errors.noFiles'. The cart itself is left as it is.
   */
  async createFromCart(
    user: AuthUser,
    options: {
      kind: BundleRow['kind'];
      lang: Language;
      message?: NewMessage;
      afterInsert?: (executor: Kysely<Database>, bundle: BundleRow) => Promise<void>;
    },
  ): Promise<BundleRow> {
    // The same items, in the same order, with the same names as the cart page and spreadsheet.
    const items = await this.deps.cart.entriesWithAssets(user, options.lang);
    if (items.length === 0) throw new AppError(ErrorCodes.cartEmpty, 'The cart is empty');
    return this.createFromItems(user, items, options, () => {
      throw new AppError(ErrorCodes.cartNoFiles, 'No format or preset is chosen for any cart item');
    });
  }

  /**
   * `POST /api/download/assets` (issue 22.1): a download bundle of selected assets' originals (all
   * their formats, or only `format`), made and named exactly as a cart bundle, the cart untouched.
   * Unknown or withdrawn assets: 404 'asset.notFound'; none of them has a file of the format: 400
   * 'download.errors.noFiles'.
   */
  async createFromAssets(
    user: AuthUser,
    request: { assetIds: readonly number[]; format?: number | undefined },
    lang: Language,
  ): Promise<BundleRow> {
    const items = await this.deps.cart.deliveryItemsOf(request.assetIds, request.format, lang);
    return this.createFromItems(user, items, { kind: 'download', lang }, () => {
      throw new AppError(ErrorCodes.downloadNoFiles, 'None of the assets has a file of this format');
    });
  }

  /** Stores the bundle of these delivery items; `noFiles` throws when they bring no file at all. */
  private async createFromItems(
    user: AuthUser,
    items: DeliveryItem[],
    options: {
      kind: BundleRow['kind'];
      lang: Language;
      message?: NewMessage;
      afterInsert?: (executor: Kysely<Database>, bundle: BundleRow) => Promise<void>;
    },
    noFiles: () => never,
  ): Promise<BundleRow> {
    const files = items.flatMap((item) => item.files);
    const checksums = await this.deps.repository.blobChecksums([
      ...new Set(files.map((file) => file.blobSha256)),
    ]);
    // Names decided once, for the whole cart (deliveredItemNames): the zip, the mail and the lists
    // of /downloads and /messages show them, and the cart page and spreadsheet the same ones.
    const entries: NewBundleEntry[] = [];
    for (const { asset, files: assetFiles, fileNames, presets } of items) {
      const asset_name = deliveredAssetName(asset, options.lang);
      assetFiles.forEach((file, fileIndex) => {
        const crc32 = checksums.get(file.blobSha256);
        // A blob row missing: leave the file out rather than fail (the others keep their names).
        if (crc32 === undefined) return;
        entries.push({
          asset_id: asset.id,
          asset_name,
          file_id: file.id,
          media_type: file.mediaType,
          blob_sha256: file.blobSha256,
          entry_name: fileNames[fileIndex]!,
          size: file.size,
          crc32,
        });
      });
      // A conversion names its source's blob and the preset version; its size and CRC-32 are the
      // made file's, read from the conversion when the bundle is opened. Refused ones stay out.
      for (const choice of presets) {
        if (choice.refused) continue;
        entries.push({
          asset_id: asset.id,
          asset_name,
          file_id: choice.source.id,
          media_type: choice.source.mediaType,
          blob_sha256: choice.source.blobSha256,
          entry_name: choice.fileName,
          size: 0,
          crc32: 0,
          preset_id: choice.presetId,
          preset_version: choice.version,
        });
      }
    }
    if (entries.length === 0) noFiles();
    const conversionKeys = uniqueKeys(
      entries.flatMap((entry) =>
        entry.preset_id != null && entry.preset_version != null
          ? [
              {
                sourceSha256: entry.blob_sha256,
                presetId: entry.preset_id,
                presetVersion: entry.preset_version,
              },
            ]
          : [],
      ),
    );

    const now = this.deps.clock.now();
    const bundle: Omit<BundleRow, 'id'> = {
      // 128 random bits: the link is the key, so it must not be guessable.
      filename: `${randomBytes(16).toString('base64url')}.zip`,
      owner_id: user.id,
      kind: options.kind,
      created_at: now,
      expires_at: now + BUNDLE_VALIDITY_MS,
      entry_count: entries.length,
      files_size: entries.reduce((sum, entry) => sum + entry.size, 0),
    };
    const id = await this.deps.repository.insert({
      bundle,
      entries,
      ...(options.message ? { message: options.message } : {}),
      // The conversions are asked for in the bundle's transaction: none unless the bundle exists.
      afterInsert: async (executor, bundleId) => {
        if (conversionKeys.length > 0) await this.deps.conversions.request(conversionKeys, executor);
        await options.afterInsert?.(executor, { ...bundle, id: bundleId });
      },
    });
    if (conversionKeys.length > 0) this.deps.conversions.startMaking();
    return { ...bundle, id };
  }

  /** A bundle's entries in zip order (inside a transaction when `executor` is given). */
  entriesOf(bundleId: number, executor?: Kysely<Database>): Promise<BundleEntryRow[]> {
    return this.deps.repository.entriesOf([bundleId], executor);
  }

  /**
   * The entries with the sizes of conversions made already, and their total: null while one is
   * still being made (or failed), whose size nobody knows yet, so a mail never says "0 B" of it.
   */
  async contentsOf(
    bundleId: number,
    executor?: Kysely<Database>,
  ): Promise<{ entries: BundleEntryRow[]; filesSize: number | null }> {
    const entries = await this.withConversionSizes(await this.entriesOf(bundleId, executor), executor);
    // A made file has bytes: a conversion's entry at 0 is one not made (yet).
    const unknown = entries.some((entry) => entry.preset_id !== null && Number(entry.size) === 0);
    return {
      entries,
      filesSize: unknown ? null : entries.reduce((sum, entry) => sum + Number(entry.size), 0),
    };
  }

  /** `GET /api/downloads/`: the user's valid download bundles, newest first. */
  async downloads(user: AuthUser): Promise<Download[]> {
    const bundles = await this.deps.repository.validBundles(user.id, 'download', this.deps.clock.now());
    return this.present(bundles);
  }

  /** `GET /api/messages/`: the user's sent carts whose bundle is still valid, newest first. */
  async messages(user: AuthUser): Promise<Message[]> {
    const bundles = await this.deps.repository.validBundles(user.id, 'message', this.deps.clock.now());
    const ids = bundles.map((bundle) => bundle.id);
    const [presented, messages, recipients] = await Promise.all([
      this.present(bundles),
      this.deps.repository.messagesOf(ids),
      this.recipientsOf(ids),
    ]);
    const messageByBundle = new Map(messages.map((message) => [message.bundle_id, message]));
    return presented.flatMap((download) => {
      const message = messageByBundle.get(download._id);
      return message
        ? [
            {
              ...download,
              email: message.email,
              subject: message.subject,
              text: message.text,
              recipients: recipients.get(download._id) ?? [],
            },
          ]
        : [];
    });
  }

  /** The links of these bundles with their activity, by bundle: two queries for the whole list. */
  private async recipientsOf(bundleIds: number[]): Promise<Map<number, Message['recipients']>> {
    const links = await this.deps.links.linksOfBundles(bundleIds);
    const downloads = downloadsByLink(await this.deps.links.downloadsOf(links.map((link) => link.id)));
    const now = this.deps.clock.now();
    const byBundle = new Map<number, Message['recipients']>();
    for (const link of links) {
      const list = byBundle.get(link.bundle_id) ?? [];
      list.push(presentLink(link, downloads.get(link.id) ?? [], now));
      byBundle.set(link.bundle_id, list);
    }
    return byBundle;
  }

  /**
   * The bundle behind a download link: a bundle's own file name (its owner's key) or a recipient's
   * link name (issue 20.2). Anything that is not such a name is 404 without a lookup; an unknown name
   * 404, an expired one 410 (the app shows 'Ungültiger Link' for both); a revoked link 410
   * 'download.errors.revoked', never the files.
   */
  async open(name: string): Promise<OpenBundle> {
    if (!BUNDLE_FILENAME_PATTERN.test(name))
      throw new AppError(ErrorCodes.bundleNotFound, 'No such download');
    const now = this.deps.clock.now();
    let bundle = await this.deps.repository.findByFilename(name);
    let link: LinkRow | null = null;
    if (!bundle) {
      link = (await this.deps.links.findByName(name)) ?? null;
      if (!link) throw new AppError(ErrorCodes.bundleNotFound, 'No such download');
      if (link.revoked_at !== null)
        throw new AppError(ErrorCodes.bundleRevoked, 'The sender revoked this link');
      if (link.expires_at <= now)
        throw new AppError(ErrorCodes.bundleExpired, 'This download link has expired');
      bundle = await this.deps.repository.findById(link.bundle_id);
      if (!bundle) throw new AppError(ErrorCodes.bundleNotFound, 'No such download');
    }
    if (bundle.expires_at <= now) {
      throw new AppError(ErrorCodes.bundleExpired, 'This download link has expired');
    }
    if (!(await this.deps.activeUsers.isActive(bundle.owner_id))) {
      throw new AppError(ErrorCodes.bundleExpired, 'The account that made this download is not active');
    }
    const all = await this.withConversions(
      deliveredEntries(await this.deps.repository.shareEntriesOf(bundle.id)),
    );
    const entries = deliverable(all);
    // Every asset in it has been withdrawn since (or every conversion failed): gone, rather than an
    // empty zip. Files still being made will be there.
    if (entries.length === 0 && progressOf(all).ready) {
      throw new AppError(ErrorCodes.bundleExpired, 'Nothing in this download is available any more');
    }
    return { name, bundle, entries, all, link };
  }

  /**
   * Resolves the entries that deliver a conversion against the converted files (issue 21.4). A
   * conversion never asked for (its source was replaced since the bundle was made: the current
   * content with the entry's preset version) is asked for now, and is being prepared.
   */
  private async withConversions(entries: DeliveredEntry[]): Promise<DeliveredEntry[]> {
    const keys = uniqueKeys(entries.flatMap((entry) => conversionKeyOf(entry) ?? []));
    if (keys.length === 0) return entries;
    const [rows, presets] = await Promise.all([
      this.deps.conversions.rowsOf(keys),
      this.deps.presets.listAll(),
    ]);
    const unknown = keys.filter((key) => !rows.has(conversionKeyText(key)));
    if (unknown.length > 0) {
      await this.deps.conversions.request(unknown, this.deps.repository.db);
      this.deps.conversions.startMaking();
    }
    const made = [...rows.values()].flatMap((row) =>
      row.status === 'done' && row.blob_sha256 ? [row.blob_sha256] : [],
    );
    return withConversions(entries, {
      rows,
      mimeTypes: await this.deps.repository.blobMimeTypes(made),
      presetNames: new Map(presets.map((preset) => [preset.id, preset.name])),
    });
  }

  /**
   * `GET /api/download/{filename}/progress` (issue 21.4): how many of the bundle's files are made.
   * Polled while they are: it records nothing.
   */
  async progress(filename: string): Promise<BundleProgress> {
    return progressOf((await this.open(filename)).all);
  }

  /** Records a delivery fact at a recipient's link (nothing for a bundle's own name). */
  recordAtLink(
    opened: Pick<OpenBundle, 'link'>,
    event: { kind: 'opened' | 'file' | 'zip'; position?: number; assetId?: number },
  ): Promise<void> {
    if (!opened.link) return Promise.resolve();
    return this.deps.links.recordEvent(opened.link.id, event, this.deps.clock.now());
  }

  /** The last byte of a download at a recipient's link went out. */
  completeAtLink(
    opened: Pick<OpenBundle, 'link'>,
    event: { kind: 'file' | 'zip'; position?: number },
  ): Promise<void> {
    if (!opened.link) return Promise.resolve();
    return this.deps.links.completeEvent(opened.link.id, event, this.deps.clock.now());
  }

  /** `GET /api/download/{filename}/link`: the bundle's link signed for the signed-in user. */
  async link(filename: string, user: AuthUser): Promise<string> {
    const { name } = await this.open(filename);
    // Signed for the name asked for: at a recipient's link the download stays the link's.
    return this.deps.tickets.bundleLink(name, user.id);
  }

  /**
   * `GET /api/download/{filename}` (the link is the key, spec 2.8): the bundle's zip. A link signed
   * for a user (`u`, `exp`, `sig`) counts as theirs, a tampered one is refused rather than ignored;
   * the signed-in user (bearer header) wins over a signed link (the app sends both as the same user).
   */
  async download(
    filename: string,
    link: { u?: unknown; exp?: unknown; sig?: unknown },
    signedIn: Pick<AuthUser, 'id'> | null,
  ): Promise<RangedBody> {
    const opened = await this.open(filename);
    // The zip's layout needs every file's exact size: none of it goes out before all are made.
    if (!progressOf(opened.all).ready)
      throw new AppError(ErrorCodes.bundlePreparing, 'The converted files of this download are being made');
    const { bundle } = opened;
    const { u, exp, sig } = link;
    const viewerId =
      u === undefined && exp === undefined && sig === undefined
        ? null
        : await this.deps.tickets.verifyBundleLink({ filename: opened.name, u, exp, sig });
    return {
      ...this.zip(opened),
      // Both facts are written even if one fails (sendRanged logs the failure).
      countDownload: async ({ ip }) => {
        await Promise.all([
          this.deps.downloads.recordForViewer(signedIn?.id ?? viewerId, {
            kind: 'bundle',
            bundleId: bundle.id,
            ip,
          }),
          this.recordAtLink(opened, { kind: 'zip' }),
        ]);
      },
      onComplete: () => this.completeAtLink(opened, { kind: 'zip' }),
    };
  }

  /**
   * The zip of an open bundle, laid out from its manifest before the first byte: exact size, any
   * byte range read by seeking into the right blobs.
   */
  private zip(opened: OpenBundle): RangedBody {
    const { bundle, entries } = opened;
    const plan = zipPlanOf(opened);
    const openEntry = (index: number, part?: { start: number; end: number }) =>
      this.deps.blobs.read(entries[index]!.blob_sha256, part);
    return {
      size: plan.totalSize,
      type: 'application/zip',
      disposition: contentDisposition('attachment', saveAsName(bundle.created_at)),
      // Entries leave (assets withdrawn) or change their blob (files replaced) since: the list of
      // delivered blobs identifies the bytes, so a resumed download never mixes two layouts.
      etag: `"${bundle.filename}.${entries.length}.${layoutHash(entries)}"`,
      cacheControl: 'private, no-cache',
      read: (range) => zipStream(plan, openEntry, range),
    };
  }

  /**
   * Deletes expired bundles, then the blobs only they still named (an asset file replaced or an
   * asset deleted since). Rows first, files after: a crash in between leaves a stray file, never a
   * row without its file. Answers how many bundles went.
   */
  async deleteExpired(batch = 500): Promise<number> {
    let total = 0;
    for (;;) {
      const { bundles, blobs } = await this.deps.repository.deleteExpired(this.deps.clock.now(), batch);
      total += bundles;
      const unused = await this.deps.repository.deleteUnreferencedBlobs(blobs);
      for (const hash of unused) await this.deps.blobs.delete(hash);
      if (bundles < batch) return total;
    }
  }

  private async present(bundles: BundleRow[]): Promise<Download[]> {
    const entries = await this.withConversionSizes(
      await this.deps.repository.entriesOf(bundles.map((bundle) => bundle.id)),
    );
    const itemsByBundle = new Map<number, BundleItem[]>();
    // Summed from the entries rather than stored: withdrawn assets leave the bundle (entriesOf).
    const sizeByBundle = new Map<number, number>();
    for (const entry of entries) {
      sizeByBundle.set(entry.bundle_id, (sizeByBundle.get(entry.bundle_id) ?? 0) + Number(entry.size));
      const items = itemsByBundle.get(entry.bundle_id) ?? [];
      itemsByBundle.set(entry.bundle_id, items);
      let item = items.find((candidate) => candidate.id === entry.asset_id);
      if (!item) {
        item = { id: entry.asset_id, name: entry.asset_name, files: [] };
        items.push(item);
      }
      item.files.push({ _id: entry.file_id, filename: entry.entry_name });
    }
    return bundles.map((bundle) => ({
      _id: bundle.id,
      created: new Date(bundle.created_at).toISOString(),
      validUntil: new Date(bundle.expires_at).toISOString(),
      items: itemsByBundle.get(bundle.id) ?? [],
      filesize: sizeByBundle.get(bundle.id) ?? 0,
      filename: bundle.filename,
    }));
  }

  /** Entries with each made conversion's size (0 while it is being made), for the lists' file sizes. */
  private async withConversionSizes(
    entries: BundleEntryRow[],
    executor?: Kysely<Database>,
  ): Promise<BundleEntryRow[]> {
    const keyOf = (entry: BundleEntryRow): ConversionKey | undefined =>
      entry.preset_id === null || entry.preset_version === null
        ? undefined
        : { sourceSha256: entry.blob_sha256, presetId: entry.preset_id, presetVersion: entry.preset_version };
    const keys = uniqueKeys(entries.flatMap((entry) => keyOf(entry) ?? []));
    if (keys.length === 0) return entries;
    const rows = await this.deps.conversions.rowsOf(keys, executor);
    return entries.map((entry) => {
      const key = keyOf(entry);
      const row = key && rows.get(conversionKeyText(key));
      return row?.status === 'done' ? { ...entry, size: Number(row.size) } : entry;
    });
  }
}

/** Each conversion once, in the order first named. */
function uniqueKeys(keys: ConversionKey[]): ConversionKey[] {
  return [...new Map(keys.map((key) => [conversionKeyText(key), key])).values()];
}
