import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { BlobTooLargeError, type StoredBlob } from './blob-store.js';

/**
 * A pass-through stream that computes sha256, CRC-32 and size of what flows through it, in one
 * pass and constant memory. Past `maxBytes` it fails with a BlobTooLargeError, so an oversized
 * upload is cut off without being read to its end.
 */
export class ContentHasher extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private crc = 0;
  private bytes = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    // zlib.crc32 (Node >= 20.15) continues from the previous value, so chunks chain.
    this.crc = zlib.crc32(chunk, this.crc);
    callback(null, chunk);
  }

  /** Valid once the stream has ended. */
  result(): StoredBlob {
    return { sha256: this.hash.digest('hex'), size: this.bytes, crc32: this.crc >>> 0 };
  }
}
