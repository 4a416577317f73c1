import type { Kysely } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, SearchDocumentsTable } from '../../platform/db/schema.js';
import { fileFactsOf, type FileFacts } from './search-filter-columns.js';
import { indexTerms } from './text-folding.js';

/** One asset as the index stores it: folded terms per weighted field, plus filter columns. */
export interface SearchDocument {
  assetId: number;
  rootId: number;
  topCategoryId: number | null;
  gtinNumber: number | null;
  /** Filter columns (issue 22.2, search-filter-columns.ts). */
  mediaTypes: number;
  imageView: number | null;
  orientation: number | null;
  createdAt: number;
  /** Space-joined folded terms; the database tokenizers split them back into the same terms. */
  names: string;
  keywords: string;
  description: string;
  nodes: string;
}

interface NodeInfo {
  parentId: number | null;
  rootId: number;
  names: string;
}

/** The category tree, read once per indexing run: it is small next to the assets. */
export class NodeTree {
  private constructor(private readonly nodes: Map<number, NodeInfo>) {}

  static async load(db: Kysely<Database>): Promise<NodeTree> {
    const rows = await db
      .selectFrom('nodes')
      .select(['id', 'parent_id', 'root_id', 'name_de', 'name_en', 'name_fr'])
      .execute();
    const nodes = new Map<number, NodeInfo>();
    for (const row of rows) {
      nodes.set(row.id, {
        parentId: row.parent_id,
        rootId: row.root_id,
        names: [row.name_de, row.name_en, row.name_fr].join(' '),
      });
    }
    return new NodeTree(nodes);
  }

  /** The container and its ancestors below the root, nearest first, and the top category (child of the root). */
  pathOf(containerId: number): { names: string[]; topCategoryId: number | null } {
    const names: string[] = [];
    let topCategoryId: number | null = null;
    let id: number | null = containerId;
    for (let depth = 0; id !== null && depth < 50; depth += 1) {
      const node = this.nodes.get(id);
      if (!node || node.parentId === null) break;
      names.push(node.names);
      topCategoryId = id;
      id = node.parentId;
    }
    return { names, topCategoryId };
  }
}

export interface AssetTextRow {
  id: number;
  container_id: number;
  root_id: number;
  name_de: string;
  name_en: string | null;
  name_fr: string | null;
  keywords: string;
  description: string;
  gtin_number: number | null;
  withdrawn_at: number | null;
  /** Read for indexing (filter columns); scoring does without. */
  image_category?: number | null;
  created_at?: number;
}

const fold = (...texts: (string | null | undefined)[]) => texts.flatMap((text) => indexTerms(text)).join(' ');

/** Builds the index form of one asset; names in all three languages weigh the same. */
export function toSearchDocument(
  row: AssetTextRow,
  tree: NodeTree,
  files: FileFacts = { mediaTypes: 0, orientation: null },
): SearchDocument {
  const path = tree.pathOf(row.container_id);
  return {
    assetId: row.id,
    rootId: row.root_id,
    topCategoryId: path.topCategoryId,
    gtinNumber: row.gtin_number,
    mediaTypes: files.mediaTypes,
    imageView: row.image_category ?? null,
    orientation: files.orientation,
    createdAt: Number(row.created_at ?? 0),
    names: fold(row.name_de, row.name_en, row.name_fr),
    keywords: fold(row.keywords),
    description: fold(row.description),
    nodes: fold(...path.names),
  };
}

/** Distinct text terms of a document (not numbers: article numbers would swamp the vocabulary). */
export function vocabularyTermsOf(document: SearchDocument): Set<string> {
  const terms = new Set<string>();
  for (const field of [document.names, document.keywords, document.description, document.nodes]) {
    for (const term of field.split(' ')) if (term && !/^\d+$/.test(term)) terms.add(term);
  }
  return terms;
}

/** Reads assets for indexing: the given ids, or a page of ids after `afterId` for rebuilds. */
export class SearchDocumentSource {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('assets')
      .select([
        'id',
        'container_id',
        'root_id',
        'name_de',
        'name_en',
        'name_fr',
        'keywords',
        'description',
        'gtin_number',
        'withdrawn_at',
        'image_category',
        'created_at',
      ]);
  }

  /** The filter columns that come from the assets' current files, by asset id. */
  async fileFacts(assetIds: number[]): Promise<Map<number, FileFacts>> {
    const files = new Map<number, { media_type: number; width: number | null; height: number | null }[]>();
    for (let start = 0; start < assetIds.length; start += 500) {
      const rows = await this.db
        .selectFrom('asset_files')
        .select(['asset_id', 'media_type', 'width', 'height'])
        .where('asset_id', 'in', assetIds.slice(start, start + 500))
        .where('is_current', '=', 1)
        .execute();
      for (const row of rows) {
        const list = files.get(row.asset_id) ?? [];
        list.push(row);
        files.set(row.asset_id, list);
      }
    }
    return new Map([...files].map(([assetId, list]) => [assetId, fileFactsOf(list)]));
  }

  byIds(ids: number[]): Promise<AssetTextRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.base().where('id', 'in', ids).execute();
  }

  page(afterId: number, size: number): Promise<AssetTextRow[]> {
    return this.base().where('id', '>', afterId).orderBy('id').limit(size).execute();
  }

  async hasAssets(): Promise<boolean> {
    return (await this.db.selectFrom('assets').select('id').limit(1).executeTakeFirst()) !== undefined;
  }
}

/** Documents per root (Map.groupBy needs Node 21). */
export function groupByRoot<T extends { rootId: number }>(items: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item.rootId);
    if (group) group.push(item);
    else groups.set(item.rootId, [item]);
  }
  return groups;
}

/** The search_documents row of a document (both databases). */
export function documentRow(document: SearchDocument): Insertable<SearchDocumentsTable> {
  return {
    asset_id: document.assetId,
    root_id: document.rootId,
    top_category_id: document.topCategoryId,
    gtin_number: document.gtinNumber,
    media_types: document.mediaTypes,
    image_view: document.imageView,
    orientation: document.orientation,
    created_at: document.createdAt,
  };
}

export async function deleteDocumentRows(db: Kysely<Database>, assetIds: number[]): Promise<void> {
  for (let start = 0; start < assetIds.length; start += 500) {
    await db
      .deleteFrom('search_documents')
      .where('asset_id', 'in', assetIds.slice(start, start + 500))
      .execute();
  }
}
