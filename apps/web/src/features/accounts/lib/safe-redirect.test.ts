import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('follows local paths with their query', () => {
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/search/kaffee?c=at')).toBe('/search/kaffee?c=at');
  });

  it('falls back to the home page for anything that is not a local path', () => {
    for (const from of [
      null,
      undefined,
      '',
      'cart',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      expect(safeRedirectPath(from)).toBe('/');
    }
  });
});
