import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore, ByteRange, StoredBlob } from './blob-store.js';
import { ContentHasher } from './content-hasher.js';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Blobs as files under `<root>/ab/cd/<sha256>`. A put streams into `<root>/tmp`, fsyncs, and renames
 * onto the final name: the rename is atomic, so a crash leaves at most a stray temp file, never a
 * half blob under a valid name. The content decides the name, so the same bytes land on the same file.
 */
export class LocalBlobStore implements BlobStore {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  async put(source: Readable | Buffer, options: { maxBytes?: number } = {}): Promise<StoredBlob> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const tmpPath = path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const hasher = new ContentHasher(options.maxBytes);
    let handle: fsp.FileHandle | undefined;
    try {
      handle = await fsp.open(tmpPath, 'wx', 0o644);
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      await pipeline(input, hasher, fileSink(handle));
      await handle.sync();
      await handle.close();
      handle = undefined;
      const blob = hasher.result();
      const target = this.pathOf(blob.sha256);
      if (await fileExists(target)) {
        // Same bytes stored before: keep the existing file untouched.
        await fsp.rm(tmpPath, { force: true });
      } else {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(tmpPath, target);
        await syncDirectory(path.dirname(target));
      }
      return blob;
    } catch (err) {
      await handle?.close().catch(() => {});
      await fsp.rm(tmpPath, { force: true });
      if (!Buffer.isBuffer(source)) source.destroy();
      throw err;
    }
  }

  read(sha256: string, range?: ByteRange): Readable {
    const file = this.pathOf(sha256);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async localPath(sha256: string): Promise<string | undefined> {
    if (!SHA256.test(sha256)) return undefined;
    const file = this.pathOf(sha256);
    return (await fileExists(file)) ? file : undefined;
  }

  async exists(sha256: string): Promise<boolean> {
    return (await this.localPath(sha256)) !== undefined;
  }

  async size(sha256: string): Promise<number | undefined> {
    if (!SHA256.test(sha256)) return undefined;
    const stat = await fsp.stat(this.pathOf(sha256)).catch(() => undefined);
    return stat?.isFile() ? stat.size : undefined;
  }

  async delete(sha256: string): Promise<void> {
    if (!SHA256.test(sha256)) return;
    await fsp.rm(this.pathOf(sha256), { force: true });
  }

  /** Two levels of 256 folders keep directories small at millions of blobs. */
  private pathOf(sha256: string): string {
    // The name becomes a path: only a real sha256 may, or `../` could escape the root.
    if (!SHA256.test(sha256)) throw new Error(`Not a sha256: ${sha256.slice(0, 80)}`);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }
}

/** Writes chunks to an open file handle (the caller fsyncs and closes it). */
function fileSink(handle: fsp.FileHandle): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      handle.write(chunk).then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
  });
}

async function fileExists(file: string): Promise<boolean> {
  const stat = await fsp.stat(file).catch(() => undefined);
  return stat?.isFile() ?? false;
}

/** Makes the rename itself durable; some file systems refuse to fsync a directory, which is harmless. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}
