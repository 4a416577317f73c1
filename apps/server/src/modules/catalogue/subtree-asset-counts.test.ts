import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { SubtreeAssetCounts } from './subtree-asset-counts.js';

/** A catalogue of root 1 > 10 > 100 whose counts the test changes, counting how often it is asked. */
function fakeCatalogue() {
  const direct = new Map([[100, 3]]);
  let scans = 0;
  return {
    direct,
    scans: () => scans,
    repository: {
      treeLinks: () =>
        Promise.resolve([
          { id: 1, parentId: null },
          { id: 10, parentId: 1 },
          { id: 100, parentId: 10 },
        ]),
      visibleAssetCountsByNode: () => {
        scans += 1;
        return Promise.resolve(new Map(direct));
      },
    },
  };
}

describe('SubtreeAssetCounts', () => {
  it('counts once for concurrent requests and serves the snapshot until it is too old', async () => {
    const catalogue = fakeCatalogue();
    const clock = new ManualClock(0);
    const counts = new SubtreeAssetCounts(catalogue.repository, clock, 30_000);
    const [first, second] = await Promise.all([counts.totals([1, 10, 999]), counts.totals([100])]);
    expect(Object.fromEntries(first)).toEqual({ 1: 3, 10: 3, 999: 0 });
    expect(second.get(100)).toBe(3);
    expect(catalogue.scans()).toBe(1);

    catalogue.direct.set(100, 5);
    clock.advance(29_999);
    expect((await counts.totals([1])).get(1)).toBe(3);
    expect(catalogue.scans()).toBe(1);

    // Too old: this answer still comes from the old snapshot, the next one from the new count.
    clock.advance(1);
    expect((await counts.totals([1])).get(1)).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await counts.totals([1])).get(1)).toBe(5);
    expect(catalogue.scans()).toBe(2);
  });
});
