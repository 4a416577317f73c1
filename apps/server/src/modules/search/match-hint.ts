import type { MatchExpression } from './match-expression.js';
import type { MatchHint } from './search-backend.js';
import { spellOutPrefixes } from './spelled-out-prefixes.js';
import type { Vocabulary } from './vocabulary.js';

/** The root's indexed documents and the span of their ids. */
export interface RootDocuments {
  count: number;
  minId: number;
  maxId: number;
}

/** Documents holding any alternative of the word (vocabulary counts; numbers are not in it: 0). */
function wordDocuments(group: MatchExpression[number], vocabulary: Vocabulary): number {
  return group.reduce((sum, { term, prefix }) => sum + vocabulary.postings(term, prefix), 0);
}

/**
 * What the vocabulary says of the expression in a root: per word the documents of its
 * alternatives over the root's documents, multiplied over the words as if independent (share) or
 * the rarest word's (maxShare), times the share of the root the categories hold (`within`).
 */
export function matchHint(
  expression: MatchExpression,
  vocabulary: Vocabulary,
  root: RootDocuments,
  within: number,
): MatchHint {
  let share = within;
  let maxShare = within;
  for (const group of expression) {
    const wordShare = Math.min(wordDocuments(group, vocabulary) / Math.max(root.count, 1), 1);
    share *= wordShare;
    maxShare = Math.min(maxShare, wordShare);
  }
  return {
    share,
    maxShare,
    documents: root.count,
    minId: root.minId,
    maxId: root.maxId,
    spelledOut: spellOutPrefixes(expression, vocabulary),
  };
}

/**
 * The most documents the vocabulary lets the expression match: the smallest word's count. Counts
 * grow as documents are indexed and never shrink, so this errs high; only words a re-indexed
 * document gained count low until the next rebuild, which makes the caller read more, not less.
 * Numbers are not in the vocabulary and bound nothing.
 */
export function matchUpperBound(expression: MatchExpression, vocabulary: Vocabulary): number {
  let bound = Infinity;
  for (const group of expression) {
    if (group.some(({ term }) => /^\d+$/.test(term))) continue;
    bound = Math.min(bound, wordDocuments(group, vocabulary));
  }
  return bound;
}
