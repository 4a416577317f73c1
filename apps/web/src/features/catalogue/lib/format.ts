import { formatDateTime, formatFileSize, parseDate as parse } from '../../../shared/text/format';

export { formatDateTime, formatFileSize };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Spec 2.3 / 9: the asset list shows upload dates as `DD.MM.YYYY HH:ss` — hours and *seconds*, no
 * minutes. That is what the spec says (most likely a slip for HH:mm, which it uses for messages), and
 * it is implemented exactly so; changing it is a one-line decision for the product owner.
 */
export function formatListDate(value: string | number | Date): string {
  const date = parse(value);
  if (!date) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getSeconds())}`;
}

/** "JPEG" from image/jpeg, "PDF" from application/pdf; the file extension when the type says little. */
export function formatName(mimeType: string, fileName: string): string {
  const subtype = mimeType.split('/')[1]?.replace(/^x-/, '') ?? '';
  const known: Record<string, string> = {
    jpeg: 'JPEG',
    png: 'PNG',
    tiff: 'TIFF',
    pdf: 'PDF',
    postscript: 'EPS',
  };
  if (known[subtype]) return known[subtype];
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1];
  return (extension ?? subtype).toUpperCase();
}

export function formatPixels(width: number | null, height: number | null): string {
  return width && height ? `${width} × ${height} px` : '–';
}
