/**
 * The indexed terms of one country root, held in memory with a trigram map. It answers the two
 * questions the full-text indexes cannot answer cheaply (see shared/notes/search-at-1m.md):
 * which terms contain a fragment ("bohnen" -> "kaffeebohnen"), and which terms are one or two
 * edits away from a misspelt word. Both databases use this same code, so they expand alike.
 */
export interface VocabularyTerm {
  term: string;
  /** Documents that held the term when indexed (grows on indexing; an estimate used for ordering). */
  docs: number;
}

const MIN_FRAGMENT = 4;

function trigramsOf(word: string): string[] {
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= word.length; index += 1) grams.add(word.slice(index, index + 3));
  return [...grams];
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopped early beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

export class Vocabulary {
  private readonly docs = new Map<string, number>();
  private readonly byTrigram = new Map<string, string[]>();
  /** Sorted terms, for prefix existence checks; rebuilt lazily after additions. */
  private sorted: string[] | null = null;

  constructor(terms: Iterable<VocabularyTerm> = []) {
    for (const { term, docs } of terms) this.add(term, docs);
  }

  get size(): number {
    return this.docs.size;
  }

  add(term: string, docs: number): void {
    const known = this.docs.get(term);
    this.docs.set(term, (known ?? 0) + docs);
    if (known !== undefined) return;
    this.sorted = null;
    // Padded grams let short words ("tee") and first/last letters take part in typo candidates.
    for (const gram of trigramsOf(` ${term} `)) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(term);
      else this.byTrigram.set(gram, [term]);
    }
  }

  has(term: string): boolean {
    return this.docs.has(term);
  }

  hasPrefix(prefix: string): boolean {
    this.sorted ??= [...this.docs.keys()].sort();
    return this.sorted[this.lowerBound(prefix)]?.startsWith(prefix) ?? false;
  }

  /** Index of the first sorted term not below `value`. */
  private lowerBound(value: string): number {
    const sorted = (this.sorted ??= [...this.docs.keys()].sort());
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Documents holding the term (or, for a prefix, any term starting with it): what a relevance
   * ranking must read of that term's doclist. Sums over the sorted terms; an estimate, as `docs` is.
   */
  postings(term: string, prefix: boolean): number {
    if (!prefix) return this.docs.get(term) ?? 0;
    this.sorted ??= [...this.docs.keys()].sort();
    let total = 0;
    for (let index = this.lowerBound(term); index < this.sorted.length; index += 1) {
      const known = this.sorted[index]!;
      if (!known.startsWith(term)) break;
      total += this.docs.get(known) ?? 0;
    }
    return total;
  }

  /** The known terms starting with `prefix`, or null when there are more than `cap`. */
  termsStartingWith(prefix: string, cap: number): string[] | null {
    this.sorted ??= [...this.docs.keys()].sort();
    const terms: string[] = [];
    for (let index = this.lowerBound(prefix); index < this.sorted.length; index += 1) {
      const known = this.sorted[index]!;
      if (!known.startsWith(prefix)) break;
      if (terms.length === cap) return null;
      terms.push(known);
    }
    return terms;
  }

  /**
   * Terms holding `fragment` somewhere inside (not at the start when `skipPrefixes`, as a prefix
   * query already finds those), most common first, at most `cap`.
   */
  containing(fragment: string, cap: number, skipPrefixes: boolean): string[] {
    if (fragment.length < MIN_FRAGMENT) return [];
    const grams = trigramsOf(fragment);
    const lists = grams.map((gram) => this.byTrigram.get(gram) ?? []);
    lists.sort((a, b) => a.length - b.length);
    const found: string[] = [];
    for (const term of lists[0] ?? []) {
      if (term === fragment) continue;
      const at = term.indexOf(fragment);
      if (at < 0 || (skipPrefixes && at === 0)) continue;
      found.push(term);
    }
    return this.mostCommon(found, cap);
  }

  /** Known terms within edit distance 1 (2 from 8 letters on) of `word`, closest and most common first. */
  corrections(word: string, cap: number): string[] {
    const max = word.length >= 8 ? 2 : 1;
    if (word.length < 3) return [];
    // Short words may share no trigram with their correction ("tax"/"tex"): compare them with every term.
    const pool = new Set<string>();
    if (word.length <= 4) {
      for (const term of this.docs.keys()) if (Math.abs(term.length - word.length) <= max) pool.add(term);
    } else {
      for (const gram of trigramsOf(` ${word} `))
        for (const term of this.byTrigram.get(gram) ?? []) pool.add(term);
    }
    const candidates: { term: string; distance: number; docs: number }[] = [];
    for (const term of pool) {
      if (term === word || /^\d+$/.test(term)) continue;
      const distance = editDistance(word, term, max);
      if (distance <= max) candidates.push({ term, distance, docs: this.docs.get(term) ?? 0 });
    }
    candidates.sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.term < b.term ? -1 : 1));
    return candidates.slice(0, cap).map((candidate) => candidate.term);
  }

  private mostCommon(terms: string[], cap: number): string[] {
    return terms
      .sort((a, b) => (this.docs.get(b) ?? 0) - (this.docs.get(a) ?? 0) || (a < b ? -1 : 1))
      .slice(0, cap);
  }
}
