import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';

export type { BlobStore, ByteRange, StoredBlob } from './blob-store.js';
export { BlobTooLargeError } from './blob-store.js';
export { ContentHasher } from './content-hasher.js';
export { LocalBlobStore } from './local-blob-store.js';

/** The blob store the configuration asks for; only the local kind exists so far (S3 comes later). */
export function createBlobStore(config: Pick<Config, 'dataDir'>): BlobStore {
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
}
