import { describe, expect, it } from 'vitest';
import { isOverdue, waitingHours } from './waiting-time';

describe('waiting time of a registration', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('counts whole hours since the confirmation', () => {
    expect(waitingHours('2026-11-21T10:00:00Z', now)).toBe(26);
    expect(waitingHours('2026-11-22T11:30:00Z', now)).toBe(0);
  });

  it('never goes below zero and survives a bad date', () => {
    expect(waitingHours('2026-11-22T13:00:00Z', now)).toBe(0);
    expect(waitingHours('not a date', now)).toBe(0);
  });

  it('is overdue from 24 hours on', () => {
    expect(isOverdue(23)).toBe(false);
    expect(isOverdue(24)).toBe(true);
  });
});
