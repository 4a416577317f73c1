import { describe, expect, it } from 'vitest';
import { retryDelayMs, withRetryParam } from './retry-url';

describe('withRetryParam', () => {
  it('leaves the first attempt alone and appends a counter to later ones', () => {
    expect(withRetryParam('/t/1.jpg?sig=x', 0)).toBe('/t/1.jpg?sig=x');
    expect(withRetryParam('/t/1.jpg?sig=x', 3)).toBe('/t/1.jpg?sig=x&retry=3');
    expect(withRetryParam('/t/1.jpg', 1)).toBe('/t/1.jpg?retry=1');
  });

  it('backs off up to a cap', () => {
    expect([1, 2, 3, 4, 5, 15].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });
});
