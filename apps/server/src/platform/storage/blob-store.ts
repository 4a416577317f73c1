import type { Readable } from 'node:stream';

/**
 * Immutable, content-addressed file storage. The embedded mode keeps blobs under
 * DATA_DIR/blobs/ab/cd/<sha256>; the scale-out mode (a later issue) puts them in an S3 bucket.
 * Both implement this interface; nothing else touches blob files.
 */
export interface StoredBlob {
  sha256: string;
  size: number;
  /** CRC-32 (as an unsigned number): zip entries need it, so it is computed once at ingest. */
  crc32: number;
}

export interface ByteRange {
  /** Inclusive first byte. */
  start: number;
  /** Inclusive last byte. */
  end: number;
}

export interface BlobStore {
  /**
   * Streams `source` into storage, computing sha256, CRC-32 and size on the way, in constant memory.
   * Atomic (a crash leaves no half blob under its name) and idempotent (the same bytes twice are
   * stored once). `maxBytes` stops an oversized stream early with a BlobTooLargeError.
   */
  put(source: Readable | Buffer, options?: { maxBytes?: number }): Promise<StoredBlob>;
  /** Reads a blob, whole or a byte range. */
  read(sha256: string, range?: ByteRange): Readable;
  /** A local file path of the blob (for tools that need one, e.g. Ghostscript); undefined if it does not exist. */
  localPath(sha256: string): Promise<string | undefined>;
  exists(sha256: string): Promise<boolean>;
  size(sha256: string): Promise<number | undefined>;
  delete(sha256: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}
