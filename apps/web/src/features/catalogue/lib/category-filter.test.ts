import { describe, expect, it } from 'vitest';
import { knownCategoryFilter } from './category-filter';

describe('knownCategoryFilter', () => {
  it('keeps only top categories of the country, and everything while they are unknown', () => {
    expect(knownCategoryFilter([12, 14], new Set([14, 20]))).toEqual([14]);
    expect(knownCategoryFilter([12], new Set([20]))).toEqual([]);
    const ids = [12, 14];
    expect(knownCategoryFilter(ids, new Set([12, 14]))).toBe(ids);
    expect(knownCategoryFilter(ids, undefined)).toBe(ids);
  });
});
