import { formatDateTime, formatFileSize } from '../../../shared/text/format';

export { formatDateTime, formatFileSize };

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
