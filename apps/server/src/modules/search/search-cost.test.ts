import { describe, expect, it } from 'vitest';
import type { AssetTextRow } from './search-documents.js';
import { spellOutPrefixes } from './spelled-out-prefixes.js';
import { gtinPrefixDigits, gtinPrefixRanges } from './text-folding.js';
import { textRelevance } from './text-relevance.js';
import { Vocabulary } from './vocabulary.js';

/** The pure pieces behind the cost decisions of the index: postings, text relevance, GTIN prefixes. */
describe('search cost helpers', () => {
  it('estimates the postings of a term and of a prefix from the vocabulary', () => {
    const vocabulary = new Vocabulary([
      { term: 'kaffee', docs: 100 },
      { term: 'kaffeebohnen', docs: 40 },
      { term: 'kakao', docs: 7 },
      { term: 'tee', docs: 30 },
    ]);
    expect(vocabulary.postings('kaffee', false)).toBe(100);
    expect(vocabulary.postings('kaffee', true)).toBe(140);
    expect(vocabulary.postings('ka', true)).toBe(147);
    expect(vocabulary.postings('zucker', false)).toBe(0);
    expect(vocabulary.postings('zu', true)).toBe(0);
    vocabulary.add('kaffeepads', 5);
    expect(vocabulary.postings('kaffee', true)).toBe(145);
  });

  it('spells prefixes out as the known terms they stand for, when there are few', () => {
    const vocabulary = new Vocabulary([
      { term: 'kaffee', docs: 100 },
      { term: 'kaffeebohnen', docs: 40 },
      { term: 'kakao', docs: 7 },
    ]);
    expect(vocabulary.termsStartingWith('kaffee', 5)).toEqual(['kaffee', 'kaffeebohnen']);
    expect(vocabulary.termsStartingWith('ka', 2)).toBeNull();
    expect(vocabulary.termsStartingWith('zu', 2)).toEqual([]);
    const spelled = spellOutPrefixes(
      [
        [{ term: 'kaff', prefix: true }],
        [
          { term: 'zu', prefix: true },
          { term: '4000', prefix: true },
          { term: 'kakao', prefix: false },
        ],
      ],
      vocabulary,
    );
    expect(spelled).toEqual([
      [
        { term: 'kaffee', prefix: false },
        { term: 'kaffeebohnen', prefix: false },
      ],
      // Unknown prefixes and numbers (not in the vocabulary) stay prefixes.
      [
        { term: 'zu', prefix: true },
        { term: '4000', prefix: true },
        { term: 'kakao', prefix: false },
      ],
    ]);
  });

  it('scores text by the fields each word matches in: names, keywords, description', () => {
    const row: AssetTextRow = {
      id: 1,
      container_id: 10,
      root_id: 1,
      name_de: 'Jacobs Krönung',
      name_en: null,
      name_fr: null,
      keywords: 'kaffeebohnen mild',
      description: 'Ein milder Kaffee',
      gtin_number: null,
      withdrawn_at: null,
    };
    const word = (term: string, prefix = false) => [{ term, prefix }];
    expect(textRelevance(row, [word('kronung')])).toBe(10);
    expect(textRelevance(row, [word('kroenung')])).toBe(10);
    expect(textRelevance(row, [word('mild')])).toBe(3);
    expect(textRelevance(row, [word('mild', true)])).toBe(4);
    expect(textRelevance(row, [word('jacobs'), word('kaffee', true)])).toBe(14);
    expect(textRelevance(row, [word('tee')])).toBe(0);
  });

  it('reads digit queries of four or more digits as GTIN prefixes, as integer ranges', () => {
    expect(gtinPrefixDigits('0400 0417')).toBe('4000417');
    expect(gtinPrefixDigits('400')).toBeNull();
    expect(gtinPrefixDigits('0004')).toBeNull();
    expect(gtinPrefixDigits('jacobs 4000')).toBeNull();
    expect(gtinPrefixDigits('123456789012345')).toBeNull();
    const ranges = gtinPrefixRanges('4000417020009');
    expect(ranges).toEqual([
      [4000417020009, 4000417020009],
      [40004170200090, 40004170200099],
    ]);
    expect(gtinPrefixRanges('4000')).toHaveLength(11);
    expect(gtinPrefixRanges('4000')[1]).toEqual([40000, 40009]);
  });
});
