import { describe, expect, it } from 'vitest';
import { formatName, formatPixels } from './format';

describe('file facts', () => {
  it('names formats by MIME type, else by extension', () => {
    expect(formatName('image/jpeg', 'a.jpg')).toBe('JPEG');
    expect(formatName('application/postscript', 'a.eps')).toBe('EPS');
    expect(formatName('application/octet-stream', 'a.ai')).toBe('AI');
  });

  it('gives pixel sizes when both are known', () => {
    expect(formatPixels(2000, 1500)).toBe('2000 × 1500 px');
    expect(formatPixels(null, 1500)).toBe('–');
  });
});
