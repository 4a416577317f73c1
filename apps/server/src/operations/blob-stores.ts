import os from 'node:os';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import { createBlobStore, type BlobStore } from '../platform/storage/index.js';
import { OperationError } from './operation-error.js';

/**
 * Blob stores for the operations, always through the storage factory: `dataDir` alone gives the
 * local store under DATA_DIR/blobs, a storage URL the store it names (S3).
 */
export function localBlobStore(dataDir: string): BlobStore {
  const settings: Pick<Config, 'dataDir' | 'storageUrl'> = { dataDir, storageUrl: undefined };
  return createBlobStore(settings);
}

/**
 * `--blobs-to`: `s3://bucket?endpoint=…` (the scale-out store, read like STORAGE_URL) or `file:DIR`
 * (the local layout under DIR/blobs, e.g. a volume every instance mounts).
 */
export function blobStoreFromUrl(url: string): { store: BlobStore; description: string } {
  if (url.startsWith('file:')) {
    const dir = url.slice('file:'.length);
    if (!dir) throw new OperationError('--blobs-to file: needs a directory, e.g. file:/srv/mediabox');
    return { store: localBlobStore(dir), description: `file:${dir}` };
  }
  if (url.startsWith('s3://')) {
    // The S3 store keeps downloaded copies for local tools under DATA_DIR/blob-cache; copying never
    // asks for one, so any private folder does.
    const settings: Pick<Config, 'dataDir' | 'storageUrl'> = {
      dataDir: path.join(os.tmpdir(), 'mediabox-migrate-data'),
      storageUrl: url,
    };
    // Without query and credentials (s3://KEY:SECRET@bucket): the description is printed.
    const description = url.split('?')[0]!.replace(/^s3:\/\/[^@/]*@/, 's3://');
    return { store: createBlobStore(settings), description };
  }
  throw new OperationError(
    `--blobs-to must be s3://bucket?endpoint=… or file:DIR, not ${url.split(':')[0]}:`,
  );
}
