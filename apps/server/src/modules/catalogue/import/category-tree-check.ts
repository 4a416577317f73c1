import { COUNTRY_ROOTS, ImportErrorCodes } from '@mediabox/contract';
import type { ReportProblem } from './import.errors.js';
import type { PlannedNode } from './import-plan.js';
import type { ManifestNode } from './manifest.js';

/**
 * The category tree as it will be once the manifest's nodes are applied to the database's: every
 * node must reach a country root without a cycle. Checked on the whole tree, not row by row, because
 * a manifest may move a database node under one of its own, and a node is only as good as its branch.
 */

const ROOT_IDS = new Set<number>(Object.values(COUNTRY_ROOTS));

export interface ExistingNode {
  id: number;
  parent_id: number | null;
}

export interface CheckedTree {
  /** The manifest's good nodes, parents before children, so they can be written in this order. */
  plannedNodes: PlannedNode[];
  rootOfNode: Map<number, number>;
  /** Nodes an asset may be put in: known, and not part of a broken branch. */
  isUsable(nodeId: number): boolean;
  exists(nodeId: number): boolean;
}

export function checkCategoryTree(
  rows: { row: string; value: ManifestNode }[],
  existing: ExistingNode[],
  report: ReportProblem,
): CheckedTree {
  const parentOf = new Map<number, number | null>(existing.map((node) => [node.id, node.parent_id]));
  const broken = new Set<number>();
  const manifestRows = new Map<number, { row: string; value: ManifestNode }>();
  for (const entry of rows) {
    const { id } = entry.value;
    if (manifestRows.has(id)) {
      report({
        row: entry.row,
        field: 'id',
        code: ImportErrorCodes.duplicateId,
        message: `Node ${id} is listed twice (also ${manifestRows.get(id)!.row})`,
      });
      continue;
    }
    manifestRows.set(id, entry);
    parentOf.set(id, entry.value.parentId);
  }

  for (const [id, { row, value }] of manifestRows) {
    if (ROOT_IDS.has(id) && value.parentId !== null) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.badRoot,
        message: `Node ${id} is a country root and cannot have a parent`,
      });
      broken.add(id);
    } else if (!ROOT_IDS.has(id) && value.parentId === null) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.badRoot,
        message: `Node ${id} has no parent, but only the country roots ${[...ROOT_IDS].join(', ')} may be roots`,
      });
      broken.add(id);
    } else if (value.parentId !== null && !parentOf.has(value.parentId)) {
      report({
        row,
        field: 'parentId',
        code: ImportErrorCodes.unknownParent,
        message: `The parent ${value.parentId} of node ${id} is neither in the manifest nor in the database`,
      });
      broken.add(id);
    }
  }

  // Walk each manifest node up to its root; a walk that comes back to where it started is a cycle.
  const badParent = new Set(broken);
  for (const [id, { row }] of manifestRows) {
    if (badParent.has(id)) continue;
    const seen = new Set<number>([id]);
    let current = parentOf.get(id) ?? null;
    while (current !== null && !badParent.has(current)) {
      if (current === id) {
        report({
          row,
          field: 'parentId',
          code: ImportErrorCodes.cycle,
          message: `Node ${id} is its own ancestor (the parents form a cycle)`,
        });
        broken.add(id);
        break;
      }
      if (seen.has(current)) break; // leads into a cycle of other nodes: reported on those
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
  }

  const rootOfNode = new Map<number, number>();
  const depthOf = new Map<number, number>();
  const resolve = (start: number): { root: number; depth: number } | undefined => {
    const chain: number[] = [];
    let current: number | null = start;
    while (current !== null && !rootOfNode.has(current)) {
      if (broken.has(current) || chain.includes(current) || !parentOf.has(current)) return undefined;
      chain.push(current);
      current = parentOf.get(current) ?? null;
    }
    let root: number;
    let depth: number;
    if (current === null) {
      const top = chain.at(-1)!;
      if (!ROOT_IDS.has(top)) return undefined;
      root = top;
      depth = -1;
    } else {
      root = rootOfNode.get(current)!;
      depth = depthOf.get(current)!;
    }
    for (const node of chain.reverse()) {
      depth += 1;
      rootOfNode.set(node, root);
      depthOf.set(node, depth);
    }
    return { root, depth: depthOf.get(start)! };
  };
  for (const id of parentOf.keys()) {
    if (!resolve(id)) broken.add(id);
  }

  const plannedNodes = [...manifestRows.values()]
    .filter(({ value }) => rootOfNode.has(value.id))
    .sort((a, b) => depthOf.get(a.value.id)! - depthOf.get(b.value.id)!)
    .map(({ value }) => ({
      id: value.id,
      parentId: value.parentId,
      rootId: rootOfNode.get(value.id)!,
      name: { de: value.name.de, en: value.name.en ?? value.name.de, fr: value.name.fr ?? value.name.de },
    }));
  return {
    plannedNodes,
    rootOfNode,
    isUsable: (nodeId) => rootOfNode.has(nodeId),
    exists: (nodeId) => parentOf.has(nodeId),
  };
}
