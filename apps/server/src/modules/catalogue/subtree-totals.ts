/** A node of the category tree as far as counting is concerned. */
export interface TreeLink {
  id: number;
  parentId: number | null;
}

/**
 * Per node, the sum of `direct` over the node and everything below it: one pass over the tree in
 * memory instead of a recursive query per node. The tree has thousands of nodes, never millions.
 * A parent cycle (a corrupt tree) cannot loop: each node adds its count to each ancestor once.
 */
export function subtreeTotals(
  nodes: readonly TreeLink[],
  direct: ReadonlyMap<number, number>,
): Map<number, number> {
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId]));
  const totals = new Map<number, number>(nodes.map((node) => [node.id, 0]));
  for (const node of nodes) {
    const count = direct.get(node.id) ?? 0;
    if (count === 0) continue;
    const seen = new Set<number>();
    for (let id: number | null | undefined = node.id; id != null && !seen.has(id); id = parentOf.get(id)) {
      seen.add(id);
      totals.set(id, (totals.get(id) ?? 0) + count);
    }
  }
  return totals;
}
