import { describe, expect, it } from 'vitest';
import { asset, cartAnswer } from '../testing/fixtures';
import { cartTotals } from './cart-totals';

// Each file of the fixture assets is 1.5 MiB.
const FILE = 1_572_864;

describe('cartTotals', () => {
  it('counts every item and sums the sizes of the chosen files only', () => {
    const contents = cartAnswer([asset(1), asset(2), asset(3)], { 1: [1100, 1200], 2: [1200] });
    expect(cartTotals(contents)).toEqual({ items: 3, bytes: 3 * FILE, presetFiles: 0 });
  });

  it('leaves out entries of assets the answer does not list', () => {
    const contents = cartAnswer([asset(1), asset(2)], { 1: [1100], 2: [1100] });
    expect(cartTotals({ ...contents, items: [contents.items[0]!] })).toEqual({
      items: 1,
      bytes: FILE,
      presetFiles: 0,
    });
  });

  it('is empty while the cart is not loaded', () => {
    expect(cartTotals(undefined)).toEqual({ items: 0, bytes: 0, presetFiles: 0 });
  });
});
