import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { MatchSampler } from './match-sampler.js';
import type { SearchBackend } from './search-backend.js';
import { SearchDocumentSource } from './search-documents.js';
import { SearchFacets } from './search-facets.js';
import type { SearchIndex, SearchQuery, SearchResult, SuggestQuery } from './search-index.js';
import { SearchIndexCache } from './search-index-cache.js';
import { SearchIndexReader } from './search-index-reader.js';
import { SearchIndexWriter } from './search-index-writer.js';
import { DEFAULT_TUNING, type SearchTuning } from './search-tuning.js';
import { SearchRepository } from './search.repository.js';

/**
 * The search index of both databases: a writer (search-index-writer.ts) and a reader
 * (search-index-reader.ts) over one SearchBackend, which stores and matches text. They share only
 * the per-process cache of vocabularies and counts, which the writer updates after each write.
 */
export class FullTextSearchIndex implements SearchIndex {
  private readonly writer: SearchIndexWriter;
  private readonly reader: SearchIndexReader;

  constructor(
    db: Kysely<Database>,
    backend: SearchBackend,
    tuning: SearchTuning = DEFAULT_TUNING,
    now: () => number = Date.now,
  ) {
    const source = new SearchDocumentSource(db);
    const repository = new SearchRepository(db);
    const cache = new SearchIndexCache(repository, tuning.cacheMs, now);
    const sampler = new MatchSampler(backend, repository, cache, tuning);
    this.writer = new SearchIndexWriter(db, backend, source, repository, cache);
    this.reader = new SearchIndexReader(
      backend,
      source,
      repository,
      cache,
      sampler,
      new SearchFacets(sampler, repository),
      tuning,
    );
  }

  indexAssets(assetIds: number[]): Promise<void> {
    return this.writer.indexAssets(assetIds);
  }

  removeAssets(assetIds: number[]): Promise<void> {
    return this.writer.removeAssets(assetIds);
  }

  rebuild(): Promise<void> {
    return this.writer.rebuild();
  }

  /** Rebuilds when assets exist but nothing is indexed (first start after the search migration). */
  rebuildIfEmpty(): Promise<boolean> {
    return this.writer.rebuildIfEmpty();
  }

  search(query: SearchQuery): Promise<SearchResult> {
    return this.reader.search(query);
  }

  suggest(query: SuggestQuery): Promise<number[]> {
    return this.reader.suggest(query);
  }
}
