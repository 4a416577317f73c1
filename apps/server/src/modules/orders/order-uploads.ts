import type { Readable } from 'node:stream';
import { ORDER_FILE_MAX_BYTES, OrderFileRefusals } from '@mediabox/contract';
import { AppError } from '../../platform/http/app-error.js';
import { BlobTooLargeError, type BlobStore, type StoredBlob } from '../../platform/storage/blob-store.js';
import { safeFileName } from '../../platform/http/content-disposition.js';
import { probeMedia } from '../media/media-probe.js';
import { MediaRejectedError } from '../media/media-types.js';
import { detectOrderFileType, ORDER_SNIFF_BYTES, type OrderFileType } from './order-file-type.js';
import type { OrdersRepository } from './orders.repository.js';

/** An uploaded order file: in the blob store, checked, not yet part of an order. */
export interface StoredUpload {
  blob: StoredBlob;
  /** The uploaded name, made safe for headers and file systems. */
  originalName: string;
  type: OrderFileType;
}

const refused = (name: string, reason: string) =>
  new AppError(OrderFileRefusals.type, `${name}: ${reason}`, [
    { path: 'newFiles', code: OrderFileRefusals.type },
  ]);

/**
 * Stores order uploads and checks them by content: an image must be a complete raster within the
 * pixel limit (it gets a thumbnail), anything else one of the accepted application formats.
 * Until an order names it, an upload is only a blob file without a `blobs` row; `discard` removes
 * such files again and leaves alone any blob that something else already names.
 */
export class OrderUploads {
  constructor(
    private readonly deps: { blobs: BlobStore; repository: OrdersRepository },
    private readonly maxBytes = ORDER_FILE_MAX_BYTES,
  ) {}

  async store(source: Readable, uploadedName: string, into: StoredUpload[]): Promise<void> {
    const originalName = safeFileName(uploadedName, 'file');
    let blob: StoredBlob;
    try {
      blob = await this.deps.blobs.put(source, { maxBytes: this.maxBytes });
    } catch (err) {
      if (!(err instanceof BlobTooLargeError)) throw err;
      source.resume();
      throw new AppError(OrderFileRefusals.tooLarge, `${originalName} is larger than ${this.maxBytes} bytes`);
    }
    let type: OrderFileType;
    try {
      type = await this.check(blob, originalName);
    } catch (err) {
      await this.discard([{ blob }]);
      throw err;
    }
    into.push({ blob, originalName, type });
  }

  /** Removes uploads that no order took (their blob files, unless another row names the same bytes). */
  async discard(uploads: Pick<StoredUpload, 'blob'>[]): Promise<void> {
    for (const { blob } of uploads) {
      if (!(await this.deps.repository.blobRowExists(blob.sha256))) await this.deps.blobs.delete(blob.sha256);
    }
  }

  private async check(blob: StoredBlob, name: string): Promise<OrderFileType> {
    if (blob.size === 0) throw refused(name, 'the file is empty');
    const head = await this.readHead(blob.sha256);
    const type = detectOrderFileType(head, name);
    if (!type) throw refused(name, 'not an image or an accepted application file');
    if (type.isImage) {
      const filePath = await this.deps.blobs.localPath(blob.sha256);
      if (!filePath) throw new Error(`Blob ${blob.sha256} vanished right after it was stored`);
      try {
        // Pixel floods and truncated images are refused now rather than failing as thumbnails later.
        await probeMedia(filePath);
      } catch (err) {
        if (err instanceof MediaRejectedError) throw refused(name, err.message);
        throw err;
      }
    }
    return type;
  }

  private async readHead(sha256: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.deps.blobs.read(sha256, { start: 0, end: ORDER_SNIFF_BYTES - 1 })) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
}
