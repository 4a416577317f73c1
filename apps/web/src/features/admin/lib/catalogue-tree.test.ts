import { describe, expect, it } from 'vitest';
import { catalogueTree, treeNode } from '../testing/admin-fixtures';
import {
  branchOf,
  childrenOf,
  filteredIds,
  indexTree,
  isEmptyNode,
  pathName,
  trailOf,
  treeOrder,
} from './catalogue-tree';

describe('catalogue tree', () => {
  const tree = indexTree(
    [
      ...catalogueTree(),
      treeNode(658, null, 'Switzerland', { rootId: 658 }),
      treeNode(20, 1, '020 Espresso'),
      treeNode(21, 1, '010 Filter'),
    ],
    'en',
  );

  it('puts the country roots in the order of the spec and categories by name, numbers first', () => {
    expect(childrenOf(tree, null).map((node) => node.id)).toEqual([1, 123, 658]);
    expect(childrenOf(tree, 1).map((node) => node.name.en)).toEqual([
      '010 Filter',
      '020 Espresso',
      'Coffee',
      'Tea',
    ]);
    expect(treeOrder(tree).map((node) => node.id)).toEqual([1, 21, 20, 10, 11, 12, 123, 658]);
  });

  it('knows the path to a node and the branch below it', () => {
    expect(trailOf(tree, 11).map((node) => node.id)).toEqual([1, 10, 11]);
    expect(pathName(tree, 11, 'de')).toBe('Germany DE › Coffee DE › Beans DE');
    expect([...branchOf(tree, 10)].sort()).toEqual([10, 11]);
    expect(trailOf(tree, 999)).toEqual([]);
  });

  it('calls a node empty only without sub-categories and without assets, withdrawn ones included', () => {
    expect(isEmptyNode(tree, tree.byId.get(12)!)).toBe(true);
    expect(isEmptyNode(tree, tree.byId.get(10)!)).toBe(false);
    const onlyWithdrawn = indexTree(
      [treeNode(1, null, 'Germany'), treeNode(5, 1, 'Old', { withdrawnCount: 1 })],
      'en',
    );
    expect(isEmptyNode(onlyWithdrawn, onlyWithdrawn.byId.get(5)!)).toBe(false);
  });

  it('filters by any language, ignoring case and accents, with the nodes above each match', () => {
    expect(filteredIds(tree, '  ')).toBeNull();
    expect([...filteredIds(tree, 'beans fr')!].sort()).toEqual([1, 10, 11]);
    expect([...filteredIds(tree, 'SWITZERLAND')!]).toEqual([658]);
    const accents = indexTree(
      [treeNode(1, null, 'Germany', { name: { de: 'Kaffeé', en: 'x', fr: 'y' } })],
      'en',
    );
    expect(filteredIds(accents, 'kaffee')!.has(1)).toBe(true);
  });

  it('shows a node whose parent is missing at the top rather than losing its branch', () => {
    const orphan = indexTree([treeNode(1, null, 'Germany'), treeNode(7, 99, 'Lost')], 'en');
    expect(childrenOf(orphan, null).map((node) => node.id)).toEqual([1, 7]);
  });
});
