import type { FileHandle } from 'node:fs/promises';

/**
 * Positional reads from an open file for the structure checks: they look at a few hundred bytes
 * here and there (markers, chunk headers, IFDs), never at the whole file.
 */
export class PositionalReader {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Up to `length` bytes at `position` (fewer at the end of the file, none beyond it). */
  async read(position: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, this.size - position));
    if (wanted === 0 || position < 0) return Buffer.alloc(0);
    const buffer = Buffer.allocUnsafe(wanted);
    const { bytesRead } = await this.handle.read(buffer, 0, wanted, position);
    return buffer.subarray(0, bytesRead);
  }

  /** The last `length` bytes of the file (all of it when smaller). */
  tail(length: number): Promise<Buffer> {
    const start = Math.max(0, this.size - length);
    return this.read(start, this.size - start);
  }
}
