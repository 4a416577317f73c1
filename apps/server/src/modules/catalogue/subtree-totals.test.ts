import { describe, expect, it } from 'vitest';
import { subtreeTotals } from './subtree-totals.js';

describe('subtreeTotals', () => {
  it('adds every descendant to its ancestors and keeps empty nodes at 0', () => {
    const nodes = [
      { id: 1, parentId: null },
      { id: 12, parentId: 1 },
      { id: 120, parentId: 12 },
      { id: 1200, parentId: 120 },
      { id: 1201, parentId: 120 },
      { id: 13, parentId: 1 },
    ];
    const direct = new Map([
      [1200, 5],
      [1201, 2],
      [12, 1],
    ]);
    expect(Object.fromEntries(subtreeTotals(nodes, direct))).toEqual({
      1: 8,
      12: 8,
      120: 7,
      1200: 5,
      1201: 2,
      13: 0,
    });
  });

  it('stops at a parent cycle instead of looping', () => {
    const nodes = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 1 },
    ];
    expect(Object.fromEntries(subtreeTotals(nodes, new Map([[1, 3]])))).toEqual({ 1: 3, 2: 3 });
  });
});
