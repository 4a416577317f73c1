import { Readable } from 'node:stream';
import type { EntrySegment, ZipPlan, ZipSegment } from './zip-layout.js';

/** Inclusive byte range, as in an HTTP Range header and BlobStore.read. */
export interface ZipByteRange {
  start: number;
  end: number;
}

/**
 * Opens the content of entry `entryIndex`: whole without a range, else bytes start..end
 * (inclusive) of it. `range.end` may be one past the entry's planned last byte: the stream then
 * asks for one byte more than it needs, to notice a blob longer than planned, and the returned
 * stream must simply end at the blob's real end (BlobStore.read does: fs and HTTP ranges are
 * clipped to the file). Blob stores fit directly: `(i, range) => blobs.read(files[i].sha256, range)`.
 */
export type OpenEntry = (entryIndex: number, range?: ZipByteRange) => Readable;

export class ZipContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipContentError';
  }
}

const HIGH_WATER_MARK = 64 * 1024;

/**
 * Streams bytes `range.start..range.end` (inclusive; default the whole zip) of a planned zip.
 * Only the entries the range touches are opened, one at a time, each at the right position,
 * so a resumed download at 3 GB starts at once. Backpressure: a blob stream is paused whenever
 * the consumer is full, so memory holds about one blob chunk plus our high water mark, whatever
 * the size. A blob that errors, ends early or runs long destroys the output with an error: the
 * client sees a broken transfer (its Content-Length is not reached), never a zip with wrong bytes.
 *
 * Throws a RangeError at once for a range outside the zip (the route answers 416 before that,
 * see parseRange in catalogue/http-range.ts).
 */
export function zipStream(plan: ZipPlan, openEntry: OpenEntry, range?: ZipByteRange): Readable {
  const start = range?.start ?? 0;
  const end = range?.end ?? plan.totalSize - 1;
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    end >= plan.totalSize ||
    start > end
  ) {
    throw new RangeError(`Range ${start}-${end} is outside the zip (0-${plan.totalSize - 1})`);
  }
  return new ZipReadable(plan.segments, openEntry, start, end);
}

/** Index of the segment holding byte `position` (segments are sorted and back to back). */
function segmentAt(segments: readonly ZipSegment[], position: number): number {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (segments[middle]!.offset <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * A hand-written Readable rather than Readable.from(async generator): pausing the blob stream on
 * backpressure and destroying it on abort is explicit here, with no promise per chunk, and an
 * aborted download never waits for a pending read of a stalled blob before releasing it.
 */
class ZipReadable extends Readable {
  /** Next byte of the zip to emit. */
  private position: number;
  private segmentIndex: number;
  private source: Readable | undefined;

  constructor(
    private readonly segments: readonly ZipSegment[],
    private readonly openEntry: OpenEntry,
    start: number,
    private readonly end: number,
  ) {
    super({ highWaterMark: HIGH_WATER_MARK });
    this.position = start;
    this.segmentIndex = segmentAt(segments, start);
  }

  override _read(): void {
    if (this.source) this.source.resume();
    else this.advance();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const source = this.source;
    this.source = undefined;
    source?.destroy();
    callback(error);
  }

  /** Emits literal segments until the consumer is full, the range is done, or a blob must be read. */
  private advance(): void {
    if (this.destroyed) return;
    while (this.position <= this.end) {
      const segment = this.segments[this.segmentIndex]!;
      const from = this.position - segment.offset;
      const to = Math.min(segment.length - 1, this.end - segment.offset);
      if (segment.kind === 'entry') {
        this.readEntry(segment, from, to);
        return;
      }
      this.position = segment.offset + to + 1;
      this.segmentIndex += 1;
      const bytes = segment.buffer.subarray(segment.bufferOffset + from, segment.bufferOffset + to + 1);
      const more = this.push(bytes);
      if (!more) return;
    }
    this.push(null);
  }

  /** Pipes bytes from..to of an entry's content, checking the blob delivers exactly what the plan says. */
  private readEntry(segment: EntrySegment, from: number, to: number): void {
    const whole = from === 0 && to === segment.length - 1;
    const toEntryEnd = to === segment.length - 1;
    const expected = to - from + 1;
    let received = 0;
    let source: Readable;
    try {
      // A range reaching the entry's end asks for one byte more: if it comes, the blob is longer.
      source = whole
        ? this.openEntry(segment.entryIndex)
        : this.openEntry(segment.entryIndex, { start: from, end: toEntryEnd ? to + 1 : to });
    } catch (err) {
      this.destroy(err as Error);
      return;
    }
    this.source = source;
    const fail = (message: string) =>
      this.destroy(
        new ZipContentError(`Entry ${segment.entryIndex}: ${message} (planned ${segment.length} bytes)`),
      );
    let ended = false;
    source.on('data', (chunk: unknown) => {
      if (this.source !== source) return;
      if (!Buffer.isBuffer(chunk)) {
        fail('the blob stream gave a non-Buffer chunk');
        return;
      }
      received += chunk.length;
      if (received > expected) {
        fail('the blob is longer than planned');
        return;
      }
      if (!this.push(chunk)) source.pause();
    });
    source.once('end', () => {
      ended = true;
      if (this.source !== source) return;
      this.source = undefined;
      if (received < expected) {
        fail(`the blob ended after ${from + received} bytes`);
        return;
      }
      this.position = segment.offset + to + 1;
      this.segmentIndex += 1;
      this.advance();
    });
    source.on('error', (err: Error) => {
      if (this.source !== source) return;
      this.source = undefined;
      this.destroy(err);
    });
    source.once('close', () => {
      // Destroyed by someone else without an error: must not leave the download hanging.
      if (!ended && this.source === source) {
        this.source = undefined;
        fail('the blob stream closed before its end');
      }
    });
  }
}
