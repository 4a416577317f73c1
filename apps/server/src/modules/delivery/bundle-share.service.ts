import { ErrorCodes, type ShareContentsAnswer } from '@mediabox/contract';
import { AppError } from '../../platform/http/app-error.js';
import { contentDisposition } from '../../platform/http/content-disposition.js';
import type { RangedBody } from '../../platform/http/ranged-reply.js';
import type { Tickets } from '../../platform/http/tickets.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DownloadEvents } from '../tracking/download-events.js';
import type { BundleRepository } from './bundle.repository.js';
import { linkLanguage } from './recipient-link-presenter.js';
import { zipPlanOf, type BundleService } from './bundle.service.js';
import { progressOf } from './delivered-entries.js';

export interface BundleShareDeps {
  /** Opening a bundle decides 404 and 410 for the share page exactly as for the zip. */
  bundles: Pick<BundleService, 'open' | 'recordAtLink' | 'completeAtLink'>;
  repository: Pick<BundleRepository, 'messageOf'>;
  /** Thumbnails are catalogue tickets: same origin, signed, so the strict CSP and guests both allow them. */
  tickets: Pick<Tickets, 'signer'>;
  blobs: Pick<BlobStore, 'read'>;
  /** A single file taken from a share page counts as a file download, like the zip does as a bundle one. */
  downloads: Pick<DownloadEvents, 'recordForViewer'>;
}

const POSITION = /^\d{1,9}$/;

const bundleFileUrl = (name: string, position: number) =>
  `/api/download/${encodeURIComponent(name)}/file/${position}`;

/**
 * The share page at a download link (issue 20.1): what the bundle holds, file by file, and each file
 * on its own. The unguessable name is the key, as for the zip: no account, no signature. At a
 * recipient's link (issue 20.2) the URLs keep the link's name, so what the recipient takes is
 * recorded at their link.
 */
export class BundleShareService {
  constructor(private readonly deps: BundleShareDeps) {}

  /** `GET /api/download/{filename}/contents`; at a recipient's link it records an opening. */
  async contents(filename: string): Promise<ShareContentsAnswer> {
    const opened = await this.deps.bundles.open(filename);
    const { bundle, link, name } = opened;
    const [sign, message] = await Promise.all([
      this.deps.tickets.signer(),
      link ? undefined : this.deps.repository.messageOf(bundle.id),
    ]);
    await this.deps.bundles.recordAtLink(opened, { kind: 'opened' });
    const progress = progressOf(opened.all);
    return {
      validUntil: new Date(link?.expires_at ?? bundle.expires_at).toISOString(),
      lang: linkLanguage(link?.lang ?? message?.lang ?? 'de'),
      tracked: link !== null,
      // The exact size is known once every file is made.
      zip: {
        url: `/api/download/${encodeURIComponent(name)}`,
        size: progress.ready ? zipPlanOf(opened).totalSize : 0,
      },
      progress,
      files: opened.all.map((row) => {
        // The name stored with the entry is the delivery's language; German as the asset's own fallback.
        const de = row.name_de ?? row.asset_name;
        const withdrawn = row.status === 'withdrawn';
        // A failed conversion has nothing to download; one being made will have (409 until then).
        const downloadable = !withdrawn && row.status !== 'failed';
        return {
          position: row.position,
          name: row.entry_name,
          assetNames: { de, en: row.name_en ?? de, fr: row.name_fr ?? de },
          gtin: row.gtin,
          mediaType: row.media_type,
          width: row.width,
          height: row.height,
          size: Number(row.size),
          status: row.status,
          preset: row.preset_names,
          failure: row.failure,
          url: downloadable ? bundleFileUrl(name, row.position) : null,
          // No type known: the stored file's row is gone (replaced long ago), its thumbnail ticket would be a 404.
          thumbUrl: withdrawn || row.delivered_mime_type === null ? null : sign(row.file_id, 'thumb'),
        };
      }),
    };
  }

  /**
   * `GET /api/download/{filename}/file/{position}`: the very bytes the zip holds at that entry (the
   * current version of a file replaced since), saved under the entry's name. A position that is not
   * (or no longer, withdrawn) in the bundle, or a conversion that failed, is 404; one still being
   * made is 409 'download.errors.preparing'.
   */
  async file(filename: string, position: string): Promise<RangedBody> {
    const opened = await this.deps.bundles.open(filename);
    const entry = POSITION.test(position)
      ? opened.entries.find((row) => row.position === Number(position))
      : undefined;
    if (!entry) {
      const preparing = opened.all.some(
        (row) => row.status === 'preparing' && String(row.position) === position,
      );
      if (preparing) throw new AppError(ErrorCodes.bundlePreparing, 'This converted file is being made');
      throw new AppError(ErrorCodes.notFound, 'No such file in this download');
    }
    const event = { kind: 'file' as const, position: entry.position };
    return {
      size: Number(entry.size),
      type: entry.delivered_mime_type ?? 'application/octet-stream',
      disposition: contentDisposition('attachment', entry.entry_name),
      etag: `"${entry.blob_sha256}"`,
      cacheControl: 'private, no-cache',
      read: (range) => this.deps.blobs.read(entry.blob_sha256, range),
      countDownload: async ({ ip }) => {
        // Both facts are written even if one fails (sendRanged logs the failure). A link opened by
        // the browser carries no viewer: a guest's download, as the unsigned zip's.
        await Promise.all([
          this.deps.downloads.recordForViewer(null, {
            kind: 'file',
            fileId: entry.file_id,
            assetId: entry.asset_id,
            mediaType: entry.media_type,
            ip,
          }),
          this.deps.bundles.recordAtLink(opened, { ...event, assetId: entry.asset_id }),
        ]);
      },
      onComplete: () => this.deps.bundles.completeAtLink(opened, event),
    };
  }
}
