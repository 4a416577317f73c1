import { ErrorCodes } from '@mediabox/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { isTicketVariant, type Tickets } from '../../platform/http/tickets.js';
import type { RangedBody } from '../../platform/http/ranged-reply.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ActiveUsers } from '../../platform/security/active-users.js';
import type { DownloadEvents } from '../tracking/download-events.js';
import type { MediaService } from '../media/media.service.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import { contentDisposition, safeFileName } from '../../platform/http/content-disposition.js';

export interface FileDeliveryDeps {
  repository: CatalogueRepository;
  tickets: Tickets;
  blobs: BlobStore;
  clock: Clock;
  activeUsers: Pick<ActiveUsers, 'isActive'>;
  /** Every download of an original is counted (the viewer the ticket was issued to). */
  downloads: Pick<DownloadEvents, 'recordForViewer'>;
  /** Zoom renditions are made on demand: the first request for one queues it (issue 22.6). */
  onDemand: Pick<MediaService, 'requestRendition'>;
}

/**
 * One file (original or rendition) ready to stream, with what its headers need: its content hash
 * as ETag, and a private Cache-Control for the seconds the ticket has left (browsers may keep the
 * file exactly that long).
 */
export interface FileDelivery extends RangedBody {
  /** Renditions may be embedded by other sites (GS1 links in `<img>` tags); originals stay same-origin. */
  embeddable: boolean;
}

const FILE_ID = /^[1-9]\d{0,14}$/;
/** Renditions are always JPEG in sRGB (the media module makes them so). */
const RENDITION_MIME_TYPE = 'image/jpeg';

/** `GET /api/file/{fileId}/{variant}`: the ticket is the key; withdrawn assets deliver nothing. */
export class FileDeliveryService {
  constructor(private readonly deps: FileDeliveryDeps) {}

  async open(input: {
    fileId: string;
    variant: string;
    exp: unknown;
    sig: unknown;
    u?: unknown;
  }): Promise<FileDelivery> {
    if (!FILE_ID.test(input.fileId) || !isTicketVariant(input.variant))
      throw new AppError(ErrorCodes.notFound, 'Not found');
    const fileId = Number(input.fileId);
    const variant = input.variant;
    // The ticket first: without one, nobody learns whether a file id exists.
    const { expiresAt, viewerId } = await this.deps.tickets.verify({
      fileId,
      variant,
      exp: input.exp,
      sig: input.sig,
      u: input.u,
    });
    const file = await this.deps.repository.deliverableFile(fileId);
    if (!file) throw new AppError(ErrorCodes.notFound, 'Not found');
    const maxAgeSeconds = Math.max(0, Math.floor((expiresAt - this.deps.clock.now()) / 1000));

    if (variant === 'original') {
      // An original's ticket names its viewer: it ends with their account (issue 17.4).
      if (viewerId !== null && !(await this.deps.activeUsers.isActive(viewerId))) {
        throw new AppError(ErrorCodes.ticketExpired, 'The account this link was issued to is not active');
      }
      return {
        ...this.delivery(file.blobSha256, file.size, {
          type: file.mimeType,
          disposition: contentDisposition('attachment', file.fileName),
          embeddable: false,
          maxAgeSeconds,
        }),
        countDownload: ({ ip }) =>
          this.deps.downloads.recordForViewer(viewerId, {
            kind: 'file',
            fileId: file.fileId,
            assetId: file.assetId,
            mediaType: file.mediaType,
            ip,
          }),
      };
    }
    // A page the PDF does not have is not found, not pending: it would never be made.
    const page = /^page(\d+)$/.exec(variant);
    if (page && (file.mimeType !== 'application/pdf' || Number(page[1]) > (file.pageCount ?? 1))) {
      throw new AppError(ErrorCodes.notFound, 'Not found');
    }
    const rendition = await this.deps.repository.rendition(file.blobSha256, variant);
    if (!rendition) {
      if (variant !== 'thumb' && variant !== 'preview') {
        await this.deps.onDemand.requestRendition(file.blobSha256, variant);
      }
      // Not cacheable: the app retries, and the next try may find the rendition.
      throw new AppError(
        ErrorCodes.previewPending,
        'The preview is being made; try again shortly',
        undefined,
        {
          'cache-control': 'no-store',
        },
      );
    }
    const stem = safeFileName(file.fileName).replace(/\.[^.]*$/, '') || 'image';
    return this.delivery(rendition.blobSha256, rendition.size, {
      type: RENDITION_MIME_TYPE,
      disposition: contentDisposition('inline', `${stem}-${variant}.jpg`),
      embeddable: true,
      maxAgeSeconds,
    });
  }

  private delivery(
    sha256: string,
    size: number,
    headers: Pick<FileDelivery, 'type' | 'disposition' | 'embeddable'> & { maxAgeSeconds: number },
  ): FileDelivery {
    const { blobs } = this.deps;
    const { maxAgeSeconds, ...rest } = headers;
    return {
      size,
      ...rest,
      etag: `"${sha256}"`,
      cacheControl: `private, max-age=${maxAgeSeconds}`,
      read: (range) => blobs.read(sha256, range),
    };
  }
}
