import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface BlobFileCacheOptions {
  /** The cache is trimmed back to this total after each download (least recently used first). */
  maxBytes: number;
  /**
   * Files handed out within this time are never evicted, even over maxBytes: a caller may still be
   * running a tool on the path (Ghostscript on a large PDF takes a while). Default 15 minutes.
   */
  keepRecentMs?: number;
}

const DEFAULT_KEEP_RECENT_MS = 15 * 60 * 1000;
/** A temp file nobody has written to for this long belongs to a download that died with its process. */
const ABANDONED_TMP_MS = 60 * 60 * 1000;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Local copies of remote blobs, for tools that need a file path (sharp, Ghostscript, the probe):
 * `<dir>/ab/<sha256>`. A copy is written under `<dir>/tmp` and renamed into place, so no caller,
 * in this process or another sharing the directory, ever sees half a file; blobs are immutable, so
 * a copy never goes stale. A file's mtime records its last use, which makes the eviction order
 * survive restarts and hold across processes.
 */
export class BlobFileCache {
  private readonly tmpDir: string;
  private readonly keepRecentMs: number;
  /** Downloads in flight, so concurrent callers for one blob share a single download. */
  private readonly filling = new Map<string, Promise<string>>();
  /** Trims run one at a time: two at once would both count files the other is deleting. */
  private trimming: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly options: BlobFileCacheOptions,
  ) {
    this.tmpDir = path.join(dir, 'tmp');
    this.keepRecentMs = options.keepRecentMs ?? DEFAULT_KEEP_RECENT_MS;
  }

  /**
   * The path of the cached copy of `sha256` (`size` bytes), made by `download(tmpFile)` when absent.
   * `download` must write the complete, verified file; it is renamed into place afterwards.
   */
  async file(sha256: string, size: number, download: (tmpFile: string) => Promise<void>): Promise<string> {
    const target = this.pathOf(sha256);
    if (await this.touch(target, size)) return target;
    let pending = this.filling.get(sha256);
    if (!pending) {
      pending = this.fill(sha256, download).finally(() => this.filling.delete(sha256));
      this.filling.set(sha256, pending);
    }
    return pending;
  }

  /** Drops the cached copy (the blob was deleted). */
  async remove(sha256: string): Promise<void> {
    await fsp.rm(this.pathOf(sha256), { force: true });
  }

  private async fill(sha256: string, download: (tmpFile: string) => Promise<void>): Promise<string> {
    const target = this.pathOf(sha256);
    await fsp.mkdir(this.tmpDir, { recursive: true });
    const tmpFile = path.join(this.tmpDir, `${sha256.slice(0, 16)}-${randomBytes(8).toString('hex')}`);
    try {
      await download(tmpFile);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmpFile, target);
    } catch (err) {
      await fsp.rm(tmpFile, { force: true });
      throw err;
    }
    await this.trim(target);
    return target;
  }

  /** True (and the file marked as just used) when a complete copy is there. */
  private async touch(file: string, size: number): Promise<boolean> {
    const stat = await fsp.stat(file).catch(() => undefined);
    // A copy of the wrong size is damaged (say, by a crash before the disk caught up): fetch it again.
    if (!stat?.isFile() || stat.size !== size) return false;
    const now = new Date();
    // Another process may evict it between stat and utimes: then it is simply a miss.
    return fsp.utimes(file, now, now).then(
      () => true,
      () => false,
    );
  }

  private trim(keep: string): Promise<void> {
    this.trimming = this.trimming.then(() => this.trimOnce(keep)).catch(() => {});
    return this.trimming;
  }

  private async trimOnce(keep: string): Promise<void> {
    const now = Date.now();
    const files = await this.listFiles();
    let total = files.reduce((sum, file) => sum + file.size, 0);
    files.sort((a, b) => a.lastUsed - b.lastUsed);
    for (const file of files) {
      if (total <= this.options.maxBytes) break;
      if (file.path === keep || now - file.lastUsed < this.keepRecentMs) continue;
      await fsp.rm(file.path, { force: true });
      total -= file.size;
    }
    const tmpFiles = await fsp.readdir(this.tmpDir).catch(() => [] as string[]);
    for (const name of tmpFiles) {
      const file = path.join(this.tmpDir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > ABANDONED_TMP_MS) await fsp.rm(file, { force: true });
    }
  }

  private async listFiles(): Promise<Array<{ path: string; size: number; lastUsed: number }>> {
    const files = [];
    const folders = await fsp.readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      const names = await fsp.readdir(path.join(this.dir, folder)).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(this.dir, folder, name);
        const stat = SHA256.test(name) ? await fsp.stat(file).catch(() => undefined) : undefined;
        if (stat?.isFile()) files.push({ path: file, size: stat.size, lastUsed: stat.mtimeMs });
      }
    }
    return files;
  }

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a sha256: ${sha256.slice(0, 80)}`);
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }
}
