import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './content-disposition.js';

/** What a browser would take as the file name from `filename*`. */
const decodedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]!);

describe('Content-Disposition of stored file names', () => {
  it('keeps ordinary and unicode names exactly', () => {
    const header = contentDisposition('attachment', 'Kaffeebohnen Röstung – 500 g.jpg');
    expect(header.startsWith('attachment; filename="Kaffeebohnen Rostung _ 500 g.jpg"')).toBe(true);
    expect(decodedName(header)).toBe('Kaffeebohnen Röstung – 500 g.jpg');
    expect(decodedName(contentDisposition('inline', '咖啡豆.png'))).toBe('咖啡豆.png');
  });

  it('removes CR/LF and other controls so no header can be injected', () => {
    const header = contentDisposition('attachment', 'a\r\nSet-Cookie: x=1\u0000.jpg');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).not.toContain('\u0000');
    expect(decodedName(header)).toBe('aSet-Cookie_ x=1.jpg');
  });

  it('never lets a quote or backslash end the quoted fallback', () => {
    const header = contentDisposition('attachment', 'evil".jpg"; filename="x.html');
    const fallback = /filename="([^"]*)"/.exec(header)![1];
    expect(header.match(/"/g)).toHaveLength(2);
    expect(fallback).not.toContain('\\');
    expect(header).not.toMatch(/filename\*=UTF-8''[^;]*[;"' ]/);
  });

  it('keeps only the last path segment and no leading dots', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\Desktop\\bild.jpg')).toBe('bild.jpg');
    expect(safeFileName('...htaccess')).toBe('htaccess');
    expect(safeFileName('/')).toBe('download');
    expect(safeFileName('\r\n')).toBe('download');
  });

  it('drops bidi overrides that would disguise the extension', () => {
    expect(safeFileName('bild\u202Egpj.exe')).toBe('bildgpj.exe');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = safeFileName(`${'ä'.repeat(500)}.tiff`);
    expect(name.length).toBeLessThanOrEqual(180);
    expect(name.endsWith('.tiff')).toBe(true);
  });
});
