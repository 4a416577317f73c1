import type { SearchRepository } from './search.repository.js';
import { Vocabulary } from './vocabulary.js';

interface CachedVocabulary {
  vocabulary: Vocabulary;
  checkedAt: number;
  termCount: number;
}

export interface DocumentCount {
  count: number;
  minId: number;
  maxId: number;
}

/**
 * What a search reads on every query and rarely changes: each root's vocabulary and its document
 * counts. Kept per process for `cacheMs`, then revalidated (another instance may have indexed);
 * this process's own writes update it at once, so no instance keeps what another needs.
 */
export class SearchIndexCache {
  private readonly vocabularies = new Map<number, CachedVocabulary>();
  private readonly documentCounts = new Map<string, DocumentCount & { at: number }>();

  constructor(
    private readonly repository: SearchRepository,
    private readonly cacheMs: number,
    private readonly now: () => number,
  ) {}

  async vocabulary(rootId: number): Promise<Vocabulary> {
    const cached = this.vocabularies.get(rootId);
    if (cached && this.now() - cached.checkedAt < this.cacheMs) return cached.vocabulary;
    // Another process may have indexed: reload when the stored term count differs.
    const termCount = await this.repository.termCount(rootId);
    if (cached && cached.termCount === termCount) {
      cached.checkedAt = this.now();
      return cached.vocabulary;
    }
    const vocabulary = new Vocabulary(await this.repository.load(rootId));
    this.vocabularies.set(rootId, { vocabulary, checkedAt: this.now(), termCount });
    return vocabulary;
  }

  async documentCount(rootId: number, categories: number[] | undefined): Promise<DocumentCount> {
    const key = `${rootId}|${categories?.join(',') ?? ''}`;
    const cached = this.documentCounts.get(key);
    if (cached && this.now() - cached.at < this.cacheMs) return cached;
    const span = await this.repository.documentSpan(rootId, categories);
    const entry = { ...span, at: this.now() };
    this.documentCounts.set(key, entry);
    return entry;
  }

  /** After this process indexed: its new terms join the cached vocabularies, counts are read anew. */
  written(newTerms: Map<number, Map<string, number>>): void {
    for (const [rootId, rootTerms] of newTerms) {
      const cached = this.vocabularies.get(rootId);
      if (!cached) continue;
      for (const [term, docs] of rootTerms) cached.vocabulary.add(term, docs);
      cached.termCount = cached.vocabulary.size;
    }
    this.documentCounts.clear();
  }

  /** After a rebuild: everything is read anew. */
  clear(): void {
    this.vocabularies.clear();
    this.documentCounts.clear();
  }
}
