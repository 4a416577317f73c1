import { describe, expect, it } from 'vitest';
import { recipientsLine } from './recipients-line.js';

describe('recipientsLine', () => {
  it('joins the addresses when they fit', () => {
    expect(recipientsLine(['a@example.org', 'b@example.org'])).toBe('a@example.org, b@example.org');
  });

  it('keeps whole addresses that fit and counts the rest', () => {
    const addresses = Array.from({ length: 10 }, (_, i) => `recipient-${i}-${'x'.repeat(20)}@example.org`);
    const line = recipientsLine(addresses);
    expect(line.length).toBeLessThanOrEqual(254);
    expect(line).toMatch(/^recipient-0-x+@example\.org, .*, \+\d+$/);
    const shown = line.split(', ').slice(0, -1);
    expect(shown).toEqual(addresses.slice(0, shown.length));
    expect(line.endsWith(`+${addresses.length - shown.length}`)).toBe(true);
  });

  it('never exceeds the limit, even for one long address', () => {
    expect(recipientsLine(['a'.repeat(30) + '@x.org', 'b@x.org'], 20).length).toBeLessThanOrEqual(20);
  });
});
