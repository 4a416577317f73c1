import { describe, expect, it } from 'vitest';
import { node } from '../testing/fixtures';
import { trailOfContainer } from './trail-of-container';

describe('trail of a container', () => {
  const root = node(1, 'Deutschland', { parentId: null });
  const espresso = node(20, 'Espresso');

  it('ends with the container once when the breadcrumb already holds it', () => {
    expect(trailOfContainer({ node: espresso, breadcrumb: [root, espresso] })).toEqual([root, espresso]);
  });

  it('adds the container when the breadcrumb stops above it', () => {
    expect(trailOfContainer({ node: espresso, breadcrumb: [root] })).toEqual([root, espresso]);
  });
});
