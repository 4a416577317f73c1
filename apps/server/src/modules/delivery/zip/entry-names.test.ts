import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEntryName, uniqueEntryNames } from './entry-names.js';

// eslint-disable-next-line no-control-regex -- control characters are what must not be left
const UNSAFE_CHARACTERS = /^[.\s]|[.\s]$|[\\/\u0000-\u001f\u007f]/;

describe('uniqueEntryNames', () => {
  it('numbers later duplicates before the extension, ignoring case', () => {
    expect(uniqueEntryNames(['a.jpg', 'a.jpg'])).toEqual(['a.jpg', 'a (2).jpg']);
    expect(uniqueEntryNames(['a.jpg', 'A.JPG', 'a.Jpg'])).toEqual(['a.jpg', 'A (2).JPG', 'a (3).Jpg']);
    expect(uniqueEntryNames(['readme', 'README'])).toEqual(['readme', 'README (2)']);
    expect(uniqueEntryNames(['x.tar.gz', 'x.tar.gz'])).toEqual(['x.tar.gz', 'x.tar (2).gz']);
  });

  it('never renames a given name because of a generated one', () => {
    expect(uniqueEntryNames(['a.jpg', 'a.jpg', 'a (2).jpg'])).toEqual(['a.jpg', 'a (3).jpg', 'a (2).jpg']);
  });

  it('treats names that differ only in Unicode form as the same (NFC)', () => {
    const composed = 'Gr\u00fc\u00dfe.jpg';
    const decomposed = 'Gru\u0308\u00dfe.jpg';
    expect(uniqueEntryNames([composed, decomposed])).toEqual([composed, 'Gr\u00fc\u00dfe (2).jpg']);
  });

  it('stays linear with many copies of one name', () => {
    const names = uniqueEntryNames(Array.from({ length: 20_000 }, () => 'same.jpg'));
    expect(new Set(names).size).toBe(20_000);
    expect(names.at(-1)).toBe('same (20000).jpg');
  });

  it('gives unique, safe names for any input (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 30 }), (names) => {
        const result = uniqueEntryNames(names);
        expect(result).toHaveLength(names.length);
        expect(new Set(result.map((name) => name.toLowerCase())).size).toBe(result.length);
        // Extracted into /x (or C:\x), every name stays a direct child of it.
        const unsafe = result.filter(
          (name) =>
            path.posix.dirname(path.posix.join('/x', name)) !== '/x' ||
            path.win32.dirname(path.win32.join('C:\\x', name)) !== 'C:\\x' ||
            UNSAFE_CHARACTERS.test(name),
        );
        expect(unsafe).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('safeEntryName', () => {
  it('keeps an entry inside the extraction folder', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeEntryName('/abs/path.jpg')).toBe('abs_path.jpg');
    expect(safeEntryName('..\\..\\windows\\win.ini')).toBe('windows_win.ini');
    expect(safeEntryName('C:\\x.jpg')).toBe('C__x.jpg');
    expect(safeEntryName('folder/./a.jpg')).toBe('folder_a.jpg');
    expect(safeEntryName('..')).toBe('file');
    expect(safeEntryName('')).toBe('file');
  });

  it('removes control and bidi characters, leading dots and trailing dots or spaces', () => {
    expect(safeEntryName('a\u0000b\nc\u007f.jpg')).toBe('abc.jpg');
    expect(safeEntryName('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(safeEntryName('.hidden')).toBe('hidden');
    expect(safeEntryName(' ..x.jpg. . ')).toBe('x.jpg');
  });

  it('avoids what Windows refuses', () => {
    expect(safeEntryName('a<b>c:d"e|f?g*.jpg')).toBe('a_b_c_d_e_f_g_.jpg');
    expect(safeEntryName('CON')).toBe('_CON');
    expect(safeEntryName('nul.txt')).toBe('_nul.txt');
    expect(safeEntryName('console.txt')).toBe('console.txt');
  });

  it('shortens long names to 240 bytes, keeping the extension and whole characters', () => {
    const name = safeEntryName(`${'ü'.repeat(300)}.jpg`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(240);
    expect(name).toMatch(/^ü+\.jpg$/);
  });
});
