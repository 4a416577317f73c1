import { queryWords } from './text-folding.js';
import type { Vocabulary } from './vocabulary.js';

/**
 * What a query asks the full-text index, independent of the database: every group must match
 * (AND), any alternative of a group may (OR). Terms are folded [a-z0-9]+ words, so rendering them
 * into FTS5 or tsquery syntax needs no escaping.
 */
export interface MatchAlternative {
  term: string;
  prefix: boolean;
}
export type MatchGroup = MatchAlternative[];
export type MatchExpression = MatchGroup[];

/** Compound terms a fragment expands to ("bohnen" -> "kaffeebohnen", …), most common first. */
const SUBSTRING_CAP = 30;
const CORRECTION_CAP = 3;
const MAX_WORDS = 8;

export interface MatchPlan {
  expression: MatchExpression;
  /** False when some word cannot match any indexed term: running the plan would find nothing. */
  satisfiable: boolean;
}

/**
 * Builds the expression for a query. The last word is a prefix (as-you-type), except a single
 * letter after other words, which is dropped: the notes measured 43–150 ms for it and it narrows
 * nothing useful. With `correct`, words the vocabulary does not know gain their close spellings.
 */
export function planMatch(text: string, vocabulary: Vocabulary, correct: boolean): MatchPlan | null {
  let words = [...new Set(queryWords(text))].slice(0, MAX_WORDS);
  if (words.length > 1 && words.at(-1)!.length === 1) words = words.slice(0, -1);
  if (words.length === 0) return null;
  let satisfiable = true;
  const expression = words.map((word, index): MatchGroup => {
    const last = index === words.length - 1;
    const prefix = last && word.length >= 2;
    const group: MatchGroup = [{ term: word, prefix }];
    // Numbers are GTINs or article numbers: no compound parts, no typo correction.
    if (/^\d+$/.test(word)) return group;
    for (const term of vocabulary.containing(word, SUBSTRING_CAP, prefix))
      group.push({ term, prefix: false });
    const known = group.length > 1 || vocabulary.has(word) || (prefix && vocabulary.hasPrefix(word));
    if (!known && correct) {
      for (const term of vocabulary.corrections(word, CORRECTION_CAP)) group.push({ term, prefix: false });
    }
    if (group.length === 1 && !known) satisfiable = false;
    return group;
  });
  return { expression, satisfiable };
}

/** FTS5 MATCH syntax over the text columns, with the optional category filter on the `cat` column. */
export function toFts5Match(expression: MatchExpression, categoryIds: number[] | undefined): string {
  const groups = expression.map(
    (group) => `(${group.map(({ term, prefix }) => `"${term}"${prefix ? '*' : ''}`).join(' OR ')})`,
  );
  const text = `{names keywords description nodes} : (${groups.join(' AND ')})`;
  if (!categoryIds?.length) return text;
  return `${text} AND cat : (${categoryIds.map((id) => `"c${Math.trunc(id)}"`).join(' OR ')})`;
}

/** PostgreSQL to_tsquery('simple', …) syntax. */
export function toTsQuery(expression: MatchExpression): string {
  return expression
    .map((group) => `(${group.map(({ term, prefix }) => `${term}${prefix ? ':*' : ''}`).join(' | ')})`)
    .join(' & ');
}
