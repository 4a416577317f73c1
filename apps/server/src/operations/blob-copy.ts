import type { BlobStore } from '../platform/storage/index.js';
import type { SqliteConnection } from './sqlite-file.js';

export interface BlobRef {
  sha256: string;
  size: number;
}

export interface BlobCopyResult {
  /** Blobs asked for. */
  total: number;
  /** Stored in the target by this run. */
  copied: number;
  bytesCopied: number;
  /** In the target already, with the expected size (blobs are immutable: same name, same bytes). */
  alreadyThere: number;
  /** Bytes of every blob in the target at the end (copied or already there). */
  bytesPresent: number;
  /** Not in the source store. */
  missing: string[];
  /** In the source, but its bytes do not hash to its name or its size differs from its row. */
  corrupt: string[];
}

const CONCURRENCY = 4;

/**
 * Copies blobs from one store to another, streaming (constant memory, whatever the size), and
 * verifies each: the target's put hashes what it stores, so a copied blob is known to have exactly
 * the sha256 it is named by and the size its row records. Blobs already in the target are skipped,
 * which makes an interrupted copy resumable. A few run at once: with S3 each one is a round trip.
 */
export async function copyBlobs(
  batches: AsyncIterable<BlobRef[]> | Iterable<BlobRef[]>,
  from: BlobStore,
  to: BlobStore,
  onBatch?: (result: BlobCopyResult) => void,
): Promise<BlobCopyResult> {
  const result: BlobCopyResult = {
    total: 0,
    copied: 0,
    bytesCopied: 0,
    alreadyThere: 0,
    bytesPresent: 0,
    missing: [],
    corrupt: [],
  };
  const copyOne = async (blob: BlobRef): Promise<void> => {
    const present = await to.size(blob.sha256);
    if (present === blob.size) {
      result.alreadyThere += 1;
      result.bytesPresent += blob.size;
      return;
    }
    // A wrong size under a content-addressed name: the target holds damaged bytes, and put keeps them.
    if (present !== undefined) {
      result.corrupt.push(blob.sha256);
      return;
    }
    if ((await from.size(blob.sha256)) === undefined) {
      result.missing.push(blob.sha256);
      return;
    }
    const stored = await to.put(from.read(blob.sha256));
    if (stored.sha256 !== blob.sha256 || stored.size !== blob.size) {
      // Stored under the hash of what was read, not under this name; the name stays absent.
      result.corrupt.push(blob.sha256);
      return;
    }
    result.copied += 1;
    result.bytesCopied += stored.size;
    result.bytesPresent += stored.size;
  };
  for await (const batch of batches) {
    result.total += batch.length;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) await copyOne(batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
    onBatch?.(result);
  }
  // Found by parallel workers in any order: sorted, so reports and reruns list them alike.
  result.missing.sort();
  result.corrupt.sort();
  return result;
}

/** The blobs rows of a SQLite file in sha256 order, a batch at a time. */
export function* sqliteBlobBatches(connection: SqliteConnection, batchSize = 1000): Generator<BlobRef[]> {
  const page = connection.prepare('select sha256, size from blobs where sha256 > ? order by sha256 limit ?');
  let after = '';
  for (;;) {
    const rows = page.all(after, batchSize) as BlobRef[];
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.sha256;
  }
}
