import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeSeconds, formatFileSize } from './format';

describe('shared formats', () => {
  it('shows dates as DD.MM.YYYY HH:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 9, 7, 59))).toBe('05.03.2026 09:07');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows days as DD.MM.YYYY and history times to the second', () => {
    expect(formatDate(new Date(2026, 2, 5, 23, 59))).toBe('05.03.2026');
    expect(formatDateTimeSeconds(new Date(2026, 2, 5, 9, 7, 4))).toBe('05.03.2026 09:07:04');
    expect(formatDate('')).toBe('');
  });

  it('shows sizes with the language’s decimal mark', () => {
    expect(formatFileSize(1_572_864, 'de')).toBe('1,5 MB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(512, 'en')).toBe('512 B');
  });
});
