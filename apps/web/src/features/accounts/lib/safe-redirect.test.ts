import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('follows local paths with their query', () => {
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/search/kaffee?c=at')).toBe('/search/kaffee?c=at');
    expect(safeRedirectPath('/asset/12#files')).toBe('/asset/12#files');
    expect(safeRedirectPath('/search/Caf%C3%A9')).toBe('/search/Caf%C3%A9');
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
      // Browsers drop tabs and line breaks: these are "//evil.example" too (issue 17.9).
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
    ]) {
      expect(safeRedirectPath(from)).toBe('/');
    }
  });
});
