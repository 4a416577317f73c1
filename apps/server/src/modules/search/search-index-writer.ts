import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { SearchBackend } from './search-backend.js';
import {
  NodeTree,
  groupByRoot,
  toSearchDocument,
  vocabularyTermsOf,
  type AssetTextRow,
  type SearchDocument,
  type SearchDocumentSource,
} from './search-documents.js';
import type { SearchIndexCache } from './search-index-cache.js';
import type { SearchRepository } from './search.repository.js';

const REBUILD_BATCH = 5000;

/**
 * The writing half of the search index: turns assets into documents, has the backend store them,
 * and keeps the vocabulary (search_terms) in step, in the same transaction, so a search never sees
 * a document whose words the vocabulary does not know.
 */
export class SearchIndexWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly backend: SearchBackend,
    private readonly source: SearchDocumentSource,
    private readonly repository: SearchRepository,
    private readonly cache: SearchIndexCache,
  ) {}

  async indexAssets(assetIds: number[]): Promise<void> {
    const ids = [...new Set(assetIds)];
    if (ids.length === 0) return;
    const [rows, tree, files] = await Promise.all([
      this.source.byIds(ids),
      NodeTree.load(this.db),
      this.source.fileFacts(ids),
    ]);
    const documents = rows
      .filter((row) => row.withdrawn_at === null)
      .map((row) => toSearchDocument(row, tree, files.get(row.id)));
    await this.replace(ids, documents);
  }

  async removeAssets(assetIds: number[]): Promise<void> {
    const ids = [...new Set(assetIds)];
    if (ids.length > 0) await this.replace(ids, []);
  }

  /** Deletes the indexed versions of `ids` and writes `documents` (a subset of them) in one transaction. */
  private async replace(ids: number[], documents: SearchDocument[]): Promise<void> {
    const newTerms = new Map<number, Map<string, number>>();
    await this.db.transaction().execute(async (trx) => {
      const indexed = await this.repository.indexedRoots(trx, ids);
      await this.backend.deleteDocuments(trx, indexed);
      await this.backend.insertDocuments(trx, documents);
      const wasIndexed = new Set(indexed.map((document) => document.assetId));
      for (const document of documents) {
        // Counts grow only for documents new to the index: an estimate that orders expansions.
        const weight = wasIndexed.has(document.assetId) ? 0 : 1;
        const rootTerms = newTerms.get(document.rootId) ?? new Map<string, number>();
        newTerms.set(document.rootId, rootTerms);
        for (const term of vocabularyTermsOf(document))
          rootTerms.set(term, (rootTerms.get(term) ?? 0) + weight);
      }
      for (const [rootId, rootTerms] of newTerms) await this.repository.add(trx, rootId, rootTerms);
    });
    this.cache.written(newTerms);
  }

  async rebuild(): Promise<void> {
    const tree = await NodeTree.load(this.db);
    await this.db.transaction().execute(async (trx) => {
      await this.backend.clear(trx);
      await this.repository.clear(trx);
    });
    const allTerms = new Map<number, Map<string, number>>();
    let afterId = 0;
    for (;;) {
      const rows: AssetTextRow[] = await this.source.page(afterId, REBUILD_BATCH);
      if (rows.length === 0) break;
      afterId = rows.at(-1)!.id;
      const files = await this.source.fileFacts(rows.map((row) => row.id));
      const documents = rows
        .filter((row) => row.withdrawn_at === null)
        .map((row) => toSearchDocument(row, tree, files.get(row.id)));
      for (const [rootId, rootDocuments] of groupByRoot(documents)) {
        const rootTerms = allTerms.get(rootId) ?? new Map<string, number>();
        allTerms.set(rootId, rootTerms);
        for (const document of rootDocuments) {
          for (const term of vocabularyTermsOf(document)) rootTerms.set(term, (rootTerms.get(term) ?? 0) + 1);
        }
      }
      // One transaction per batch: a rebuild of a million assets does not hold the writer for minutes.
      await this.db.transaction().execute((trx) => this.backend.insertDocuments(trx, documents));
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [rootId, rootTerms] of allTerms) await this.repository.add(trx, rootId, rootTerms);
    });
    await this.backend.optimize();
    this.cache.clear();
  }

  /** Rebuilds when assets exist but nothing is indexed (first start after the search migration). */
  async rebuildIfEmpty(): Promise<boolean> {
    if (!(await this.repository.isIndexEmpty()) || !(await this.source.hasAssets())) return false;
    await this.rebuild();
    return true;
  }
}
