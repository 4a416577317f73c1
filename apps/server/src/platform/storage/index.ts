import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { BlobFileCache } from './blob-file-cache.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import { parseStorageUrl } from './s3-url.js';

export type { BlobStore, ByteRange, StoredBlob } from './blob-store.js';
export { BlobTooLargeError } from './blob-store.js';
export { ContentHasher } from './content-hasher.js';
export { LocalBlobStore } from './local-blob-store.js';
export { S3BlobStore } from './s3-blob-store.js';

/**
 * The blob store the configuration asks for: files under DATA_DIR/blobs, or, with STORAGE_URL=s3://…,
 * an S3 bucket (with copies for path-needing tools in DATA_DIR/blob-cache). A bad STORAGE_URL throws
 * a ConfigError.
 */
export function createBlobStore(
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'storageUrl'>>,
): BlobStore {
  if (!config.storageUrl) return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  const location = parseStorageUrl(config.storageUrl);
  return new S3BlobStore({
    client: new S3Client(location.client),
    bucket: location.bucket,
    prefix: location.prefix,
    cache: new BlobFileCache(path.join(config.dataDir, 'blob-cache'), { maxBytes: location.cacheMaxBytes }),
  });
}
