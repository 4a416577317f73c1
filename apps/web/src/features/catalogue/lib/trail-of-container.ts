import type { CatalogueNode, NodeAnswer } from '@mediabox/contract';

/**
 * The categories above an asset, down to its container, each once. The server's breadcrumb already
 * ends with the node itself; appending the node again showed the container twice.
 */
export function trailOfContainer({
  node,
  breadcrumb,
}: Pick<NodeAnswer, 'node' | 'breadcrumb'>): CatalogueNode[] {
  return [...breadcrumb.filter((entry) => entry.id !== node.id), node];
}
