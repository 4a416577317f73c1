import { describe, expect, it } from 'vitest';
import { quickRange, quickRangeOf, rangeFromSearch } from './insights-range';

// 23:30 UTC: still the 22nd on the server's clock, whatever the local time zone says.
const NOW = Date.parse('2026-11-22T23:30:00Z');

describe('insights range', () => {
  it('counts quick choices in UTC days ending today, both ends inclusive', () => {
    expect(quickRange('7d', NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickRange('30d', NOW)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(quickRange('90d', NOW)).toEqual({ from: '2026-08-25', to: '2026-11-22' });
    expect(quickRange('12m', NOW)).toEqual({ from: '2025-11-23', to: '2026-11-22' });
  });

  it('keeps a year across 29 February within the server limit of 366 days', () => {
    expect(quickRange('12m', Date.parse('2028-03-01T12:00:00Z'))).toEqual({
      from: '2027-03-02',
      to: '2028-03-01',
    });
  });

  it('fills missing ends with the server defaults and passes malformed ones on', () => {
    const search = (text: string) => rangeFromSearch(new URLSearchParams(text), NOW);
    expect(search('')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(search('to=2026-01-31')).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    expect(search('from=2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-11-22' });
    expect(search('from=gestern&to=2026-02-30')).toEqual({ from: 'gestern', to: '2026-02-30' });
    expect(search('to=2026-02-30')).toEqual({ from: '2026-10-24', to: '2026-02-30' });
  });

  it('knows which quick choice a range is', () => {
    expect(quickRangeOf({ from: '2026-11-16', to: '2026-11-22' }, NOW)).toBe('7d');
    expect(quickRangeOf({ from: '2026-11-15', to: '2026-11-22' }, NOW)).toBeUndefined();
  });
});
