import type { AdminNode, Language } from '@mediabox/contract';

export interface CategoryOption {
  id: number;
  /** "Deutschland › Kaffee › Bohnen" in the user's language. */
  path: string;
}

/** Every category with its full path, sorted by path, for a picker that narrows by typing. */
export function categoryOptions(nodes: readonly AdminNode[], lang: Language): CategoryOption[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const nameOf = (node: AdminNode) => node.name[lang] || node.name.de;
  const pathOf = (node: AdminNode): string => {
    const names: string[] = [];
    // Bounded by the number of nodes, so a (corrupt) cycle cannot loop forever.
    for (let at: AdminNode | undefined = node; at && names.length <= nodes.length;) {
      names.unshift(nameOf(at));
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
    return names.join(' › ');
  };
  return nodes
    .map((node) => ({ id: node.id, path: pathOf(node) }))
    .sort((a, b) => a.path.localeCompare(b.path, lang));
}
