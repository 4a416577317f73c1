import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatDay, formatFileSize } from './format';

// 5 March 2026, 09:07:04 local time: day and month, minutes and seconds all differ.
const march5 = new Date(2026, 2, 5, 9, 7, 4);

describe('dates and times (issue 19.7)', () => {
  it('writes German dates as the spec fixes them: DD.MM.YYYY HH:mm, in local time', () => {
    expect(formatDateTime(march5, 'de')).toBe('05.03.2026 09:07');
    expect(formatDateTime('2026-12-31T08:59:01', 'de')).toBe('31.12.2026 08:59');
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0, 0), 'de')).toBe('01.01.2026 00:00');
  });

  it('writes English dates day first with a 24-hour clock (en-GB)', () => {
    expect(formatDateTime(march5, 'en')).toBe('05/03/2026, 09:07');
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7, 9), 'en')).toBe('05/03/2026, 14:07');
  });

  it('writes French dates the French way (fr-FR)', () => {
    expect(formatDateTime(march5, 'fr')).toBe('05/03/2026 09:07');
    expect(formatDateTime(march5, 'fr-CH')).toBe('05/03/2026 09:07');
  });

  it('shows minutes, never seconds, in the hour', () => {
    // 10:44:23 (the example) is 10:44 in every language.
    const asset = new Date(2026, 5, 1, 10, 44, 23);
    expect(formatDateTime(asset, 'de')).toMatch(/ 10:44$/);
    expect(formatDateTime(asset, 'en')).toMatch(/ 10:44$/);
    expect(formatDateTime(asset, 'fr')).toMatch(/ 10:44$/);
  });

  it('shows days alone, history times to the second, and calendar days', () => {
    expect(formatDate(new Date(2026, 2, 5, 23, 59), 'de')).toBe('05.03.2026');
    expect(formatDate(new Date(2026, 2, 5, 23, 59), 'en')).toBe('05/03/2026');
    expect(formatDate(new Date(2026, 2, 5, 23, 59), 'fr')).toBe('05/03/2026');
    expect(formatDateTimeSeconds(march5, 'de')).toBe('05.03.2026 09:07:04');
    expect(formatDateTimeSeconds(march5, 'en')).toBe('05/03/2026, 09:07:04');
    expect(formatDateTimeSeconds(march5, 'fr')).toBe('05/03/2026 09:07:04');
    expect(formatDay('2026-04-30', 'de')).toBe('30.04.2026');
    expect(formatDay('2026-04-30', 'en')).toBe('30/04/2026');
    expect(formatDay('2026-04-30', 'fr')).toBe('30/04/2026');
  });

  it('leaves what is no date empty, or as it was', () => {
    for (const lang of ['de', 'en', 'fr']) {
      expect(formatDateTime('not a date', lang)).toBe('');
      expect(formatDate('', lang)).toBe('');
      expect(formatDateTimeSeconds('', lang)).toBe('');
      expect(formatDay('', lang)).toBe('');
    }
  });
});

describe('file sizes', () => {
  it('keeps bytes in German and English, with the language’s decimal mark', () => {
    expect(formatFileSize(1_572_864, 'de')).toBe('1,5 MB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(512, 'de')).toBe('512 B');
    expect(formatFileSize(2048, 'de')).toBe('2 KB');
    expect(formatFileSize(200 * 1024 ** 3, 'en')).toBe('200 GB');
  });

  it('writes octets in French: o, Ko, Mo, Go, with a decimal comma', () => {
    expect(formatFileSize(512, 'fr')).toBe('512 o');
    expect(formatFileSize(1536, 'fr')).toBe('1,5 Ko');
    expect(formatFileSize(1_572_864, 'fr')).toBe('1,5 Mo');
    expect(formatFileSize(3 * 1024 ** 2, 'fr')).toBe('3 Mo');
    expect(formatFileSize(2.25 * 1024 ** 3, 'fr')).toBe('2,3 Go');
  });
});
