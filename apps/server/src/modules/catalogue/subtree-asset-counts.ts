import type { Clock } from '../../platform/clock.js';
import type { CatalogueRepository } from './catalogue.repository.js';
import { subtreeTotals } from './subtree-totals.js';

/**
 * How long a snapshot of the counts serves before it is taken again. Counting every visible asset
 * is a scan (about a second at a million assets), so it must not run per request; a category card
 * that is half a minute late after an import is the price, as with the search's root counts.
 */
export const SUBTREE_COUNTS_MAX_AGE_MS = 30_000;

interface Snapshot {
  takenAt: number;
  totals: Map<number, number>;
}

/**
 * Visible assets at or below each category (the category cards and the top categories, issue 19.5).
 * One grouped count of the assets by node plus the node tree, summed in memory, kept for
 * SUBTREE_COUNTS_MAX_AGE_MS. A stale snapshot still answers while a fresh one is taken, so only the
 * first request of a process waits for the count. Per process and derived only: every instance
 * takes its own.
 */
export class SubtreeAssetCounts {
  private snapshot: Snapshot | undefined;
  private taking: Promise<Snapshot> | undefined;

  constructor(
    private readonly repository: Pick<CatalogueRepository, 'treeLinks' | 'visibleAssetCountsByNode'>,
    private readonly clock: Clock,
    private readonly maxAgeMs = SUBTREE_COUNTS_MAX_AGE_MS,
  ) {}

  /** Per node id, the visible assets in it and in all of its descendants (0 for unknown ids). */
  async totals(ids: readonly number[]): Promise<Map<number, number>> {
    const snapshot = await this.current();
    return new Map(ids.map((id) => [id, snapshot.totals.get(id) ?? 0]));
  }

  private async current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (!snapshot) return this.take();
    if (this.clock.now() - snapshot.takenAt >= this.maxAgeMs) {
      // Answer from the old snapshot; a failed refresh is retried on the next request.
      this.take().catch(() => undefined);
    }
    return snapshot;
  }

  /** One count at a time: concurrent requests share it. */
  private take(): Promise<Snapshot> {
    this.taking ??= (async () => {
      try {
        const takenAt = this.clock.now();
        const [links, direct] = await Promise.all([
          this.repository.treeLinks(),
          this.repository.visibleAssetCountsByNode(),
        ]);
        this.snapshot = { takenAt, totals: subtreeTotals(links, direct) };
        return this.snapshot;
      } finally {
        this.taking = undefined;
      }
    })();
    return this.taking;
  }
}
