import { describe, expect, it } from 'vitest';
import {
  gs1ShortLink,
  gtinCheckDigit,
  gtinProblem,
  gtinNumber,
  imageCategoryOfCode,
  isValidGtin,
  parseGs1FileName,
  parseGs1ShortLink,
  slugify,
  toGtin14,
} from './gs1.js';

describe('GTIN', () => {
  it('computes the GS1 mod-10 check digit', () => {
    expect(gtinCheckDigit('0400606708421')).toBe(8);
    expect(gtinCheckDigit('400638133393')).toBe(1);
  });

  it('accepts valid GTIN-8/12/13/14 and refuses wrong check digits, lengths and letters', () => {
    expect(isValidGtin('04006067084218')).toBe(true);
    expect(isValidGtin('4006067084218')).toBe(true);
    expect(isValidGtin('4006067084219')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('40060670842')).toBe(false);
    expect(isValidGtin('40060670842a8')).toBe(false);
  });

  it('pads to 14 digits and compares spellings numerically', () => {
    expect(toGtin14('4006067084218')).toBe('04006067084218');
    expect(gtinNumber('04006067084218')).toBe(gtinNumber('4006067084218'));
  });
});

describe('GS1 file names', () => {
  it('reads GTIN and view from the fixture names', () => {
    expect(parseGs1FileName('04006067084218_C1C1.jpg')).toEqual({
      gtin: '04006067084218',
      code: 'C1C1',
      view: { type: 'C', facing: '1', angle: 'C', state: '1' },
    });
    expect(parseGs1FileName('04006067084218_C2C1.jpg')?.code).toBe('C2C1');
    expect(imageCategoryOfCode('C1C1')).toBe(1);
    expect(imageCategoryOfCode('C2C1')).toBe(2);
  });

  it('reads version and variant from the suffix parts, ignoring others', () => {
    expect(parseGs1FileName('04006067084218_C1C1_s02_v01.jpg')).toMatchObject({
      gtin: '04006067084218',
      code: 'C1C1',
      version: 2,
      variant: 1,
    });
    const other = parseGs1FileName('4006067084218_C2C1_freigestellt_v3.png');
    expect(other).toMatchObject({ code: 'C2C1', variant: 3 });
    expect(other?.version).toBeUndefined();
    // s0 is no version (versions start at 1): the part is ignored, not an error.
    expect(parseGs1FileName('04006067084218_C1C1_s0.jpg')?.version).toBeUndefined();
    expect(parseGs1FileName('04006067084218_C1C1.jpg')).not.toHaveProperty('version');
  });

  it('refuses names that are not GS1 names', () => {
    expect(parseGs1FileName('packshot-rgb.jpg')).toBeUndefined();
    expect(parseGs1FileName('04006067084219_C1C1.jpg')).toBeUndefined();
    expect(parseGs1FileName('04006067084218_C4C1.jpg')).toBeUndefined();
    expect(parseGs1FileName('04006067084218_X1C1.jpg')).toBeUndefined();
    expect(parseGs1FileName('04006067084218_C1C1.tar.gz')).toBeUndefined();
  });
});

describe('short links', () => {
  it('pads GTIN, version and variant and slugs the name', () => {
    const link = gs1ShortLink({
      gtin: '4006067084218',
      category: 1,
      version: 2,
      variant: 3,
      name: 'Krönung Café Crème 500 g',
    });
    expect(link).toBe('/gs1/04006067084218_1_s02_v03-kroenung-cafe-creme-500-g.jpg');
    expect(parseGs1ShortLink(link.slice('/gs1/'.length))).toEqual({
      gtin: '04006067084218',
      category: 1,
      version: 2,
      variant: 3,
      slug: 'kroenung-cafe-creme-500-g',
    });
  });

  it('refuses malformed links', () => {
    expect(parseGs1ShortLink('04006067084219_1_s02_v03-x.jpg')).toBeUndefined();
    expect(parseGs1ShortLink('../../etc/passwd')).toBeUndefined();
    expect(slugify('Straße & Größe')).toBe('strasse-groesse');
  });
});

describe('gtinProblem', () => {
  it('names a wrong check digit with the expected one, and a wrong length or non-digits as format', () => {
    expect(gtinProblem('4006067084218')).toBeUndefined();
    expect(gtinProblem('04006067084218')).toBeUndefined();
    expect(gtinProblem('4006067084225')).toBeUndefined();
    expect(gtinProblem('4006067084220')).toEqual({ reason: 'checkDigit', expected: 5 });
    expect(gtinProblem('400606708420')).toEqual({ reason: 'checkDigit', expected: 1 });
    expect(gtinProblem('40060670842')).toEqual({ reason: 'format' });
    expect(gtinProblem('40060670842a8')).toEqual({ reason: 'format' });
  });
});
