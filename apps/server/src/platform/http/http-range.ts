/**
 * The single byte range of a `Range` header (RFC 9110 §14). Multi-range requests, other units and
 * malformed headers are answered with the whole file, which the RFC allows; only a well-formed range
 * that starts beyond the end is unsatisfiable (416).
 */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (!Number.isSafeInteger(length)) return { kind: 'whole' };
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/**
 * A range beyond the end: HTTP's own 416, with the size the client needs in `Content-Range`. The
 * error handler answers it like the framework's refusals, not as a code of the app, with the code it
 * has always had, `errors.badRequest`.
 */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('Range not satisfiable');
    this.name = 'RangeNotSatisfiable';
  }
}

/** parseRange for a route: an unsatisfiable range becomes the 416 answer with the size it needs. */
export function satisfiableRange(
  header: string | undefined,
  size: number,
): Exclude<RangeAnswer, { kind: 'unsatisfiable' }> {
  const range = parseRange(header, size);
  if (range.kind === 'unsatisfiable') throw new RangeNotSatisfiable(size);
  return range;
}
