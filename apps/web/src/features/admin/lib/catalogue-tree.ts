import { COUNTRY_ROOTS, type AdminTreeNode, type Language } from '@mediabox/contract';

/** The category tree of `GET /api/admin/catalogue/tree`, indexed once per answer and language. */
export interface CatalogueTree {
  byId: ReadonlyMap<number, AdminTreeNode>;
  /** Children by parent id (null: the country roots), in the order the tree shows them. */
  children: ReadonlyMap<number | null, readonly AdminTreeNode[]>;
}

const ROOT_ORDER: readonly number[] = Object.values(COUNTRY_ROOTS);

/** The roots in the order of spec 9 (Germany, Austria, Switzerland); unknown ones after them. */
const rootRank = (node: AdminTreeNode) => {
  const rank = ROOT_ORDER.indexOf(node.id);
  return rank === -1 ? ROOT_ORDER.length : rank;
};

/**
 * Categories sort as the public menu sorts them (by the name as stored, numerically, so "010 …"
 * prefixes keep their order): the admin sees the tree in the order users will.
 */
const compareNames = (lang: Language) => (a: AdminTreeNode, b: AdminTreeNode) =>
  a.name[lang].localeCompare(b.name[lang], lang, { numeric: true, sensitivity: 'base' });

export function indexTree(nodes: readonly AdminTreeNode[], lang: Language): CatalogueTree {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<number | null, AdminTreeNode[]>();
  for (const node of nodes) {
    // A parent missing from the answer would hide the whole branch: it is shown at the top instead.
    const parent = node.parentId !== null && byId.has(node.parentId) ? node.parentId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(node);
    else children.set(parent, [node]);
  }
  const byName = compareNames(lang);
  for (const [parent, siblings] of children) {
    siblings.sort(parent === null ? (a, b) => rootRank(a) - rootRank(b) || byName(a, b) : byName);
  }
  return { byId, children };
}

export const childrenOf = (tree: CatalogueTree, id: number | null): readonly AdminTreeNode[] =>
  tree.children.get(id) ?? [];

/** The country roots have no parent; the server neither moves nor deletes them. */
export const isCountryRoot = (node: AdminTreeNode) => node.parentId === null;

/** The node and every node above it, country root first (empty for an unknown id). */
export function trailOf(tree: CatalogueTree, id: number): AdminTreeNode[] {
  const trail: AdminTreeNode[] = [];
  const seen = new Set<number>();
  for (let node = tree.byId.get(id); node && !seen.has(node.id);) {
    seen.add(node.id);
    trail.unshift(node);
    node = node.parentId === null ? undefined : tree.byId.get(node.parentId);
  }
  return trail;
}

/** The node and everything below it: what it may not be moved into. */
export function branchOf(tree: CatalogueTree, id: number): Set<number> {
  const branch = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (branch.has(next)) continue;
    branch.add(next);
    for (const child of childrenOf(tree, next)) stack.push(child.id);
  }
  return branch;
}

/** "Deutschland › Kaffee › Bohnen": where a node is, for pickers and dialogs. */
export function pathName(tree: CatalogueTree, id: number, lang: Language): string {
  return trailOf(tree, id)
    .map((node) => node.name[lang])
    .join(' › ');
}

/** Only nodes without sub-categories and without assets (withdrawn ones count) can be deleted. */
export function isEmptyNode(tree: CatalogueTree, node: AdminTreeNode): boolean {
  return childrenOf(tree, node.id).length === 0 && node.assetCount + node.withdrawnCount === 0;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The nodes a filter shows: those whose name contains the text in any language (the admin may
 * search for the German name while working in English), and the nodes above them so they can be
 * reached. Null when there is no filter.
 */
export function filteredIds(tree: CatalogueTree, text: string): Set<number> | null {
  const wanted = fold(text.trim());
  if (!wanted) return null;
  const shown = new Set<number>();
  for (const node of tree.byId.values()) {
    if (!Object.values(node.name).some((name) => fold(name).includes(wanted))) continue;
    for (const above of trailOf(tree, node.id)) shown.add(above.id);
  }
  return shown;
}

/** Every node in the order the tree shows them (depth first), for pickers. */
export function treeOrder(tree: CatalogueTree): AdminTreeNode[] {
  const ordered: AdminTreeNode[] = [];
  const visit = (parentId: number | null) => {
    for (const node of childrenOf(tree, parentId)) {
      ordered.push(node);
      visit(node.id);
    }
  };
  visit(null);
  return ordered;
}
