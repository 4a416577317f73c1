import type { CatalogueNode, Language } from '@mediabox/contract';
import { localized } from './localized';
import { compareMenuNames } from './menu-name';

/** Nodes in menu order for the current language (spec 2.2). */
export function sortNodes(nodes: readonly CatalogueNode[], lang: Language): CatalogueNode[] {
  return [...nodes].sort((a, b) => compareMenuNames(localized(a.name, lang), localized(b.name, lang), lang));
}
