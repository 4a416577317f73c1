/**
 * Folding of indexed text and of queries, done here in TypeScript rather than by the databases'
 * tokenizers, so that SQLite (FTS5) and PostgreSQL (tsvector 'simple') see the very same terms and
 * answer alike: lower case, accents removed, ß -> ss, ligatures spelled out, and for German
 * umlauts a second spelling (ö -> oe) so that "kroenung" finds "Krönung" as "kronung" does.
 * A term is [a-z0-9]+ after folding; both databases' parsers keep such a word whole.
 */

const LETTER_MAP: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_LETTERS = /[ßẞæœøłđðþı]/g;
const UMLAUTS = /[äöü]/g;
const HAS_UMLAUT = /[äöü]/;
const UMLAUT_SPELLING: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /^[a-z0-9]+$/;
const MAX_TERM_LENGTH = 60;

function stripAccents(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

/** The folded terms of one word of source text: the plain one, plus the ae/oe/ue spelling when it differs. */
function foldWord(rawWord: string): string[] {
  // Most words are plain ASCII: nothing to normalise (indexing a million assets folds ~30M words).
  const ascii = rawWord.toLowerCase();
  if (ASCII_WORD.test(ascii)) {
    const plain = ascii.slice(0, MAX_TERM_LENGTH);
    return /^0+\d/.test(plain) ? [plain, plain.replace(/^0+/, '')] : [plain];
  }
  const lower = rawWord
    .toLowerCase()
    .normalize('NFC')
    .replace(SPECIAL_LETTERS, (c) => LETTER_MAP[c] ?? c);
  const plain = stripAccents(lower).slice(0, MAX_TERM_LENGTH);
  if (!plain) return [];
  const terms = [plain];
  if (HAS_UMLAUT.test(lower)) {
    const spelled = stripAccents(lower.replace(UMLAUTS, (c) => UMLAUT_SPELLING[c] ?? c)).slice(
      0,
      MAX_TERM_LENGTH,
    );
    if (spelled !== plain) terms.push(spelled);
  }
  // "004711" is also findable as "4711": article numbers are typed with and without leading zeros.
  if (/^0+\d/.test(plain)) terms.push(plain.replace(/^0+/, ''));
  return terms;
}

/** Terms of a text as indexed: folded, with alternative spellings, in order, repeated as often as they occur. */
export function indexTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const terms: string[] = [];
  for (const match of text.matchAll(WORD)) terms.push(...foldWord(match[0]));
  return terms;
}

/** The folded words of a query, in order; each is one term (the plain fold, which the index always holds). */
export function queryWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase().replace(SPECIAL_LETTERS, (c) => LETTER_MAP[c] ?? c);
    let word = stripAccents(lower).slice(0, MAX_TERM_LENGTH);
    if (/^0+\d/.test(word)) word = word.replace(/^0+/, '');
    if (word) words.push(word);
  }
  return words;
}

/** A digits-only query of 8 to 14 digits (spaces allowed) reads as a GTIN. */
export function gtinQueryNumber(text: string): number | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{8,14}$/.test(digits)) return null;
  const value = Number(digits.replace(/^0+/, '') || '0');
  return value > 0 ? value : null;
}

/** GTIN prefixes shorter than this would list a good part of the catalogue: only whole words search them. */
export const MIN_GTIN_PREFIX = 4;

/**
 * A digits-only query (spaces allowed) of at least MIN_GTIN_PREFIX digits, without leading zeros,
 * read as the first digits of a GTIN typed so far; null otherwise.
 */
export function gtinPrefixDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{1,14}$/.test(digits)) return null;
  const significant = digits.replace(/^0+/, '');
  return significant.length >= MIN_GTIN_PREFIX ? significant : null;
}

/**
 * The integer ranges of GTIN numbers whose decimal spelling starts with `digits` (no leading
 * zeros): one per possible length up to 14 digits ("4000" -> 4000..4000, 40000..40009, …).
 */
export function gtinPrefixRanges(digits: string): [number, number][] {
  const ranges: [number, number][] = [];
  const value = Number(digits);
  for (let length = digits.length; length <= 14; length += 1) {
    const scale = 10 ** (length - digits.length);
    ranges.push([value * scale, (value + 1) * scale - 1]);
  }
  return ranges;
}
