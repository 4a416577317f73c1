import { describe, expect, it } from 'vitest';
import { parseRange } from './http-range.js';

describe('parseRange', () => {
  it('answers the whole file without a header, for other units, multiple ranges and nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=abc', 'bytes=5-2', 'bytes=-']) {
      expect(parseRange(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });

  it('reads first-last, open-ended and suffix ranges, clamped to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=99-99', 100)).toEqual({ kind: 'partial', start: 99, end: 99 });
  });

  it('refuses ranges that start beyond the end', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
