const pad = (value: number) => String(value).padStart(2, '0');

export function parseDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `DD.MM.YYYY HH:mm` in local time: messages and downloads (spec 2.7, 9), and where the spec fixes none. */
export function formatDateTime(value: string | number | Date): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `DD.MM.YYYY` in local time: the orders list's creation date (spec 2.10). */
export function formatDate(value: string | number | Date): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** `DD.MM.YYYY HH:mm:ss`: the order history groups its entries by the second (spec 4). */
export function formatDateTimeSeconds(value: string | number | Date): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${formatDateTime(date)}:${pad(date.getSeconds())}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Human file sizes in the user's language ("1,5 MB" in German, "1.5 MB" in English). */
export function formatFileSize(bytes: number, lang: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang, { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}
