import { describe, expect, it } from 'vitest';
import { toCsv } from './insights-csv.js';

describe('toCsv', () => {
  it('quotes per RFC 4180 and guards cells a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      ['text', 'n'],
      [
        ['plain', 1],
        ['a,b', 2],
        ['say "hi"', 3],
        ['two\nlines', 4],
        ['=SUM(A1)', 5],
        ['+1', 6],
        ['-1', -7],
        ['@cmd', 8],
        ['\tx', 9],
        ['\rx', 10],
        ['=a,"b"', 11],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFtext,n',
      'plain,1',
      '"a,b",2',
      '"say ""hi""",3',
      '"two\nlines",4',
      "'=SUM(A1),5",
      "'+1,6",
      "'-1,-7",
      "'@cmd,8",
      "'\tx,9",
      `"'\rx",10`,
      `"'=a,""b""",11`,
      '',
    ]);
  });
});
