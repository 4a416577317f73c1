import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Readable, pipeline as pipeStreams } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobTooLargeError, type BlobStore, type ByteRange, type StoredBlob } from './blob-store.js';
import type { BlobFileCache } from './blob-file-cache.js';
import { ContentHasher } from './content-hasher.js';

const SHA256 = /^[0-9a-f]{64}$/;
/** CopyObject, which moves an upload to its content key, takes at most 5 GiB (S3's limit). */
export const S3_MAX_BLOB_BYTES = 5 * 1024 ** 3;
/**
 * S3's minimum part size, 2 parts in flight: each upload buffers about 20 MiB, whatever the file's
 * size (lib-storage concatenates a part before sending it). 5 GiB take 1,024 of the 10,000 parts allowed.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix?: string;
  /** Where `localPath` keeps its downloaded copies. */
  cache: BlobFileCache;
}

/**
 * Blobs in an S3 bucket under `blobs/ab/cd/<sha256>`, the local store's layout. A streamed put goes to
 * `tmp/<random>` by multipart upload while it is hashed, then is copied to its content key once the
 * hash is known, and the temp object is deleted: a failed upload is aborted and never reaches a
 * content key, and the same bytes twice end up as one object.
 *
 * Operators should give the bucket a lifecycle rule that aborts incomplete multipart uploads and
 * expires `tmp/` after a day: a process killed mid-upload cannot clean up after itself.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly cache: BlobFileCache;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.cache = options.cache;
  }

  async put(source: Readable | Buffer, options: { maxBytes?: number } = {}): Promise<StoredBlob> {
    const maxBytes = Math.min(options.maxBytes ?? Number.POSITIVE_INFINITY, S3_MAX_BLOB_BYTES);
    return Buffer.isBuffer(source) ? this.putBuffer(source, maxBytes) : this.putStream(source, maxBytes);
  }

  /** Bytes in hand (renditions): the hash is known up front, so they go straight to their key. */
  private async putBuffer(data: Buffer, maxBytes: number): Promise<StoredBlob> {
    if (data.length > maxBytes) throw new BlobTooLargeError(maxBytes);
    const blob = {
      sha256: createHash('sha256').update(data).digest('hex'),
      size: data.length,
      crc32: zlib.crc32(data) >>> 0,
    };
    if (!(await this.exists(blob.sha256))) {
      // PutObject is atomic: the object appears whole or not at all.
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(blob.sha256), Body: data }),
      );
    }
    return blob;
  }

  private async putStream(source: Readable, maxBytes: number): Promise<StoredBlob> {
    const tmpKey = `${this.prefix}tmp/${Date.now()}-${randomBytes(8).toString('hex')}`;
    const hasher = new ContentHasher(maxBytes);
    // A failing source or the size limit destroys both streams, which fails the upload in turn;
    // the error itself is taken from the streams below.
    const body = pipeStreams(source, hasher, () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tmpKey, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // Upload aborts the multipart upload itself when a part or the source fails.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // If S3 also refused the abort, that error replaces the source's; the caller needs the
      // source's (a BlobTooLargeError is a 413, not a 500).
      const failure: unknown = source.errored ?? hasher.errored ?? err;
      source.destroy();
      hasher.destroy();
      // Normally nothing is there; a PutObject that completed just as the source failed is removed.
      await this.deleteKey(tmpKey).catch(() => {});
      throw failure;
    }
    try {
      const blob = hasher.result();
      if (!(await this.exists(blob.sha256))) {
        // A server-side copy: the bytes do not pass through this process again.
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: this.keyOf(blob.sha256),
            CopySource: `${this.bucket}/${tmpKey}`,
          }),
        );
      }
      return blob;
    } finally {
      // The blob is safe under its content key; a temp object left by a failed delete is only waste.
      await this.deleteKey(tmpKey).catch(() => {});
    }
  }

  read(sha256: string, range?: ByteRange): Readable {
    const key = this.keyOf(sha256);
    const abort = new AbortController();
    const { client, bucket } = this;
    // Lazy: the GET starts when the stream is first read, and pulls only as fast as it is consumed.
    async function* chunks(): AsyncGenerator<Buffer> {
      let response;
      try {
        response = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        // A range starting past the end reads nothing, as it does from a file.
        if (errorName(err) === 'InvalidRange') return;
        if (isNotFound(err)) throw notFound(sha256);
        throw err;
      }
      // Ending early (client gone) returns this generator, which destroys the response stream.
      yield* response.Body as Readable;
    }
    const stream = Readable.from(chunks(), { objectMode: false });
    stream.once('close', () => {
      if (!stream.readableEnded) abort.abort();
    });
    return stream;
  }

  /**
   * A downloaded copy in the local cache. The bucket is asked first on every call, so a blob
   * deleted by another process is not served from a stale copy here.
   */
  async localPath(sha256: string): Promise<string | undefined> {
    const size = await this.size(sha256);
    if (size === undefined) {
      if (SHA256.test(sha256)) await this.cache.remove(sha256);
      return undefined;
    }
    return this.cache.file(sha256, size, (tmpFile) => this.download(sha256, size, tmpFile));
  }

  async exists(sha256: string): Promise<boolean> {
    return (await this.size(sha256)) !== undefined;
  }

  async size(sha256: string): Promise<number | undefined> {
    if (!SHA256.test(sha256)) return undefined;
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async delete(sha256: string): Promise<void> {
    if (!SHA256.test(sha256)) return;
    await this.deleteKey(this.keyOf(sha256));
    await this.cache.remove(sha256);
  }

  /** Writes the blob to `file` and proves it complete and intact by its size and sha256. */
  private async download(sha256: string, size: number, file: string): Promise<void> {
    const hasher = new ContentHasher();
    // flush: fsync before close, so a crash cannot leave a renamed but empty copy behind.
    await pipeline(this.read(sha256), hasher, fs.createWriteStream(file, { flags: 'wx', flush: true }));
    const got = hasher.result();
    if (got.size !== size || got.sha256 !== sha256) {
      throw new Error(`Blob ${sha256} downloaded as ${got.size} bytes hashing to ${got.sha256}`);
    }
  }

  private async deleteKey(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, so deleting twice is fine.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private keyOf(sha256: string): string {
    // The name becomes a key: only a real sha256 may, as in the local store.
    if (!SHA256.test(sha256)) throw new Error(`Not a sha256: ${sha256.slice(0, 80)}`);
    return `${this.prefix}blobs/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
  }
}

function errorName(err: unknown): string | undefined {
  return err instanceof Error ? err.name : undefined;
}

/** A missing key: NotFound from HEAD (no body, so the SDK names it by status), NoSuchKey from GET. */
function isNotFound(err: unknown): boolean {
  const name = errorName(err);
  // Not any 404: NoSuchBucket (a misconfiguration) must not read as a missing blob.
  return name === 'NotFound' || name === 'NoSuchKey';
}

/** Shaped like the local store's error for a missing file. */
function notFound(sha256: string): Error {
  return Object.assign(new Error(`Blob ${sha256} is not in the bucket`), { code: 'ENOENT' });
}
