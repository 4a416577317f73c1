import { describe, expect, it } from 'vitest';
import { predictSummary } from './predict-summary';

const summary = { assetIds: [1, 2], count: 2 };

describe('predictSummary', () => {
  it('adds single assets and bulk ids once each', () => {
    expect(predictSummary(summary, 'PUT', { assetId: 3 })).toEqual({ assetIds: [1, 2, 3], count: 3 });
    expect(predictSummary(summary, 'PUT', { assetId: 2, format: 1200 })).toEqual(summary);
    expect(predictSummary(summary, 'PUT', { assetIds: [2, 4, 4, 5] })).toEqual({
      assetIds: [1, 2, 4, 5],
      count: 4,
    });
  });

  it('removes entries without a format and keeps them when only a format goes', () => {
    expect(predictSummary(summary, 'DELETE', { assetId: 1 })).toEqual({ assetIds: [2], count: 1 });
    expect(predictSummary(summary, 'DELETE', { assetIds: [1, 2] })).toEqual({ assetIds: [], count: 0 });
    expect(predictSummary(summary, 'DELETE', { assetId: 1, format: 1100 })).toEqual(summary);
    expect(predictSummary(summary, 'DELETE', { assetIds: [1, 2], format: 1100 })).toEqual(summary);
  });

  it('adds the asset with a preset and keeps it when only a preset goes (issue 21.2)', () => {
    expect(predictSummary(summary, 'PUT', { assetId: 3, preset: 1 })).toEqual({
      assetIds: [1, 2, 3],
      count: 3,
    });
    expect(predictSummary(summary, 'DELETE', { assetId: 1, preset: 1 })).toEqual(summary);
    expect(predictSummary(summary, 'DELETE', { assetIds: [1, 2], preset: 1 })).toEqual(summary);
  });
});
