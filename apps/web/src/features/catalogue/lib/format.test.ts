import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatListDate, formatName } from './format';

describe('formatListDate (spec 2.3 / 9: DD.MM.YYYY HH:ss)', () => {
  it('shows day, month, year, hours and seconds — not minutes, as the spec says', () => {
    // 14:07:09 local time: hours 14, minutes 07, seconds 09.
    expect(formatListDate(new Date(2026, 2, 5, 14, 7, 9))).toBe('05.03.2026 14:09');
    expect(formatListDate('2026-12-31T08:59:01')).toBe('31.12.2026 08:01');
  });

  it('pads every part to two digits and leaves invalid dates empty', () => {
    expect(formatListDate(new Date(2026, 0, 1, 0, 0, 0))).toBe('01.01.2026 00:00');
    expect(formatListDate('not a date')).toBe('');
  });

  it('uses minutes in the general date format', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7, 9))).toBe('05.03.2026 14:07');
  });
});

describe('file facts', () => {
  it('formats sizes in the reader’s language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1_572_864, 'de')).toBe('1,5 MB');
  });

  it('names formats by MIME type, else by extension', () => {
    expect(formatName('image/jpeg', 'a.jpg')).toBe('JPEG');
    expect(formatName('application/postscript', 'a.eps')).toBe('EPS');
    expect(formatName('application/octet-stream', 'a.ai')).toBe('AI');
  });
});
