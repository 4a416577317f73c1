import type { MatchExpression } from './match-expression.js';
import { matchHint, matchUpperBound } from './match-hint.js';
import type { MatchHint, SearchBackend } from './search-backend.js';
import type { DocumentCount, SearchIndexCache } from './search-index-cache.js';
import type { SearchTuning } from './search-tuning.js';
import type { SearchRepository } from './search.repository.js';
import type { Vocabulary } from './vocabulary.js';

/** Index entries a range count may step through before the rest is interpolated. */
const RANGE_COUNT_CAP = 25_000;
/**
 * A total extrapolated from the smaller estimate sample is taken when it is at least this many
 * times sampleSize; nearer, the full sample decides whether the total is exact.
 */
const ESTIMATE_MARGIN = 2;

export interface MatchSample {
  /** The newest matches, newest first. */
  sample: number[];
  total: number;
  totalIsEstimate: boolean;
}

/**
 * The newest matches of an expression and how many there are in all. Counting every match of a
 * common word would read most of the index, so above `sampleSize` the total is extrapolated from
 * how far back the newest matches reach; this is where the answer's "about" comes from.
 */
export class MatchSampler {
  constructor(
    private readonly backend: SearchBackend,
    private readonly repository: SearchRepository,
    private readonly cache: SearchIndexCache,
    private readonly tuning: SearchTuning,
  ) {}

  /**
   * The vocabulary's hint for the backend (see match-hint.ts), with the root's cached counts;
   * undefined for a backend that does without (it costs the root's document count).
   */
  async hint(
    rootId: number,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
  ): Promise<MatchHint | undefined> {
    if (!this.backend.usesMatchHint) return undefined;
    const root = await this.cache.documentCount(rootId, undefined);
    const within = categories
      ? (await this.cache.documentCount(rootId, categories)).count / Math.max(root.count, 1)
      : 1;
    return matchHint(expression, vocabulary, root, within);
  }

  /**
   * The newest matches and the total. Up to sampleSize matches the sample is all of them and the
   * total exact; above, the total is extrapolated from how far back the sample reaches. With a
   * smaller estimateSampleSize and a vocabulary that allows many matches, the backend may stop at
   * that many; they are the sample when both the vocabulary (an upper bound per word) and their
   * extrapolation put the total far above sampleSize. Otherwise the full sample is read, so totals
   * below sampleSize stay exact.
   */
  async sample(
    rootId: number,
    expression: MatchExpression,
    categories: number[] | undefined,
    vocabulary: Vocabulary,
    hint: MatchHint | undefined,
  ): Promise<MatchSample> {
    const size = this.tuning.sampleSize;
    const small = Math.min(this.tuning.estimateSampleSize ?? size, size);
    // Without a hint nothing says the total is large: the full sample, as before.
    const manyPossible = hint !== undefined && hint.maxShare * hint.documents > ESTIMATE_MARGIN * size;
    const enough = small < size && manyPossible ? small + 1 : undefined;
    let matches = await this.backend.newestIds(rootId, expression, categories, size + 1, { hint, enough });
    if (enough !== undefined && matches.length === enough) {
      // Maybe stopped early: extrapolate from these, or read the full sample when that is unsure.
      const total = await this.estimateTotal(rootId, categories, matches[small - 1]!, small);
      if (
        matchUpperBound(expression, vocabulary) > ESTIMATE_MARGIN * size &&
        total > ESTIMATE_MARGIN * size
      ) {
        return { sample: matches.slice(0, small), total, totalIsEstimate: true };
      }
      matches = await this.backend.newestIds(rootId, expression, categories, size + 1, { hint });
    }
    if (matches.length <= size) return { sample: matches, total: matches.length, totalIsEstimate: false };
    const total = await this.estimateTotal(rootId, categories, matches[size - 1]!, size);
    return { sample: matches.slice(0, size), total, totalIsEstimate: true };
  }

  /** Matches per document of the root, measured over the id range the sample covers, times the root's documents. */
  private async estimateTotal(
    rootId: number,
    categories: number[] | undefined,
    oldestSampleId: number,
    size: number,
  ) {
    const root = await this.cache.documentCount(rootId, categories);
    const inRange = await this.documentsFrom(rootId, categories, oldestSampleId, root);
    return Math.max(size + 1, Math.round((size * root.count) / Math.max(inRange, 1)));
  }

  /**
   * Documents of the root from `id` on. Counted on the shorter side of the root's id span first,
   * each count stopped at RANGE_COUNT_CAP: exact when either side is shorter than that, else
   * interpolated over the id span (counting 300k ids took ~10 ms at 1M assets; the result only
   * feeds an estimate).
   */
  private async documentsFrom(
    rootId: number,
    categories: number[] | undefined,
    id: number,
    root: DocumentCount,
  ): Promise<number> {
    const newerFirst = id - root.minId >= (root.maxId - root.minId) / 2;
    const sides = newerFirst ? [true, false] : [false, true];
    for (const newer of sides) {
      const counted = await this.repository.documentsAround(rootId, categories, id, newer, RANGE_COUNT_CAP);
      if (counted < RANGE_COUNT_CAP) return newer ? counted : root.count - counted;
    }
    const share = (root.maxId - id + 1) / Math.max(root.maxId - root.minId + 1, 1);
    return Math.min(
      Math.max(Math.round(root.count * share), RANGE_COUNT_CAP),
      Math.max(root.count - RANGE_COUNT_CAP, RANGE_COUNT_CAP),
    );
  }
}
