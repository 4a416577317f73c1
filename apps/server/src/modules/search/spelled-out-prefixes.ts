import type { MatchExpression } from './match-expression.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * Prefixes with more known terms than this stay prefixes: GIN scans each spelt-out term as an
 * entry of its own, and at 1M assets 100 entries took longer (48–62 ms) than the prefix's range
 * (16 ms), while 7 terms of a common stem ("kaffe") took 1–5 ms against 6–11 ms.
 */
const MAX_SPELLED_TERMS = 16;

/**
 * The expression with each prefix replaced by the known terms it stands for. Same matches as long
 * as the vocabulary knows every indexed term (it learns them as documents are indexed; another
 * instance's new terms arrive within cacheMs). Numbers are not in the vocabulary and stay prefixes,
 * as do prefixes no known term starts with.
 */
export function spellOutPrefixes(expression: MatchExpression, vocabulary: Vocabulary): MatchExpression {
  return expression.map((group) =>
    group.flatMap((alternative) => {
      if (!alternative.prefix || /^\d+$/.test(alternative.term)) return [alternative];
      const terms = vocabulary.termsStartingWith(alternative.term, MAX_SPELLED_TERMS);
      if (!terms?.length) return [alternative];
      return terms.map((term) => ({ term, prefix: false }));
    }),
  );
}
