import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize } from './format';

describe('shared formats', () => {
  it('shows dates as DD.MM.YYYY HH:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 9, 7, 59))).toBe('05.03.2026 09:07');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows sizes with the language’s decimal mark', () => {
    expect(formatFileSize(1_572_864, 'de')).toBe('1,5 MB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(512, 'en')).toBe('512 B');
  });
});
