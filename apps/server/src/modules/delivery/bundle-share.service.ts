import { ErrorCodes, type ShareContentsAnswer } from '@mediabox/contract';
import { AppError } from '../../platform/http/app-error.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { RangedBody } from '../../platform/http/ranged-reply.js';
import type { Tickets } from '../../platform/http/tickets.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DownloadEvents } from '../tracking/download-events.js';
import type { BundleRepository, ShareEntryRow } from './bundle.repository.js';
import { zipPlanOf, type BundleService } from './bundle.service.js';

export interface BundleShareDeps {
  /** Opening a bundle decides 404 and 410 for the share page exactly as for the zip. */
  bundles: Pick<BundleService, 'open'>;
  repository: Pick<BundleRepository, 'shareEntriesOf'>;
  /** Thumbnails are catalogue tickets: same origin, signed, so the strict CSP and guests both allow them. */
  tickets: Pick<Tickets, 'signer'>;
  blobs: Pick<BlobStore, 'read'>;
  /** A single file taken from a share page counts as a file download, like the zip does as a bundle one. */
  downloads: Pick<DownloadEvents, 'recordForViewer'>;
}

const POSITION = /^\d{1,9}$/;

const bundleFileUrl = (filename: string, position: number) =>
  `/api/download/${encodeURIComponent(filename)}/file/${position}`;

/**
 * The share page at a download link (issue 20.1): what the bundle holds, file by file, and each file
 * on its own. The unguessable bundle name is the key, as for the zip: no account, no signature.
 */
export class BundleShareService {
  constructor(private readonly deps: BundleShareDeps) {}

  /** `GET /api/download/{filename}/contents`. */
  async contents(filename: string): Promise<ShareContentsAnswer> {
    const opened = await this.deps.bundles.open(filename);
    const { bundle } = opened;
    const [rows, sign] = await Promise.all([
      this.deps.repository.shareEntriesOf(bundle.id),
      this.deps.tickets.signer(),
    ]);
    return {
      validUntil: new Date(bundle.expires_at).toISOString(),
      zip: { url: `/api/download/${encodeURIComponent(bundle.filename)}`, size: zipPlanOf(opened).totalSize },
      files: rows.map((row) => {
        // The name stored with the entry is the delivery's language; German as the asset's own fallback.
        const de = row.name_de ?? row.asset_name;
        return {
          position: row.position,
          name: row.entry_name,
          assetNames: { de, en: row.name_en ?? de, fr: row.name_fr ?? de },
          gtin: row.gtin,
          mediaType: row.media_type,
          width: row.width,
          height: row.height,
          size: Number(row.size),
          url: bundleFileUrl(bundle.filename, row.position),
          // The stored file was replaced since (its row is gone): its thumbnail ticket would be a 404.
          thumbUrl: row.mime_type === null ? null : sign(row.file_id, 'thumb'),
        };
      }),
    };
  }

  /**
   * `GET /api/download/{filename}/file/{position}`: the very bytes the zip holds at that entry, saved
   * under the entry's name. A position that is not (or no longer) in the bundle is 404.
   */
  async file(filename: string, position: string): Promise<RangedBody> {
    const { bundle } = await this.deps.bundles.open(filename);
    const entry = POSITION.test(position)
      ? (await this.deps.repository.shareEntriesOf(bundle.id)).find(
          (row) => row.position === Number(position),
        )
      : undefined;
    if (!entry) throw new AppError(ErrorCodes.notFound, 'No such file in this download');
    return {
      size: Number(entry.size),
      type: mimeTypeOf(entry),
      disposition: contentDisposition('attachment', entry.entry_name),
      etag: `"${entry.blob_sha256}"`,
      cacheControl: 'private, no-cache',
      read: (range) => this.deps.blobs.read(entry.blob_sha256, range),
      countDownload: ({ ip }) =>
        // A link opened by the browser carries no viewer: a guest's download, as the unsigned zip's.
        this.deps.downloads.recordForViewer(null, {
          kind: 'file',
          fileId: entry.file_id,
          assetId: entry.asset_id,
          mediaType: entry.media_type,
          ip,
        }),
    };
  }
}

/** The stored file's type; a file replaced since is still the same bytes, of an unknown type. */
const mimeTypeOf = (entry: ShareEntryRow) => entry.mime_type ?? 'application/octet-stream';
