import type { DatabaseHandle } from '../../platform/db/database.js';
import { FullTextSearchIndex } from './full-text-search-index.js';
import { DEFAULT_TUNING, type SearchTuning } from './search-tuning.js';
import { PostgresSearchBackend } from './postgres-search-backend.js';
import { SqliteSearchBackend } from './sqlite-search-backend.js';

/** SQLite: contentless FTS5 tables per country root. */
export class SqliteSearchIndex extends FullTextSearchIndex {
  constructor(database: DatabaseHandle, tuning: SearchTuning = DEFAULT_TUNING) {
    super(database.db, new SqliteSearchBackend(database.db), tuning);
  }
}

/**
 * PostgreSQL reads newest matches by testing documents newest first (see PostgresSearchBackend):
 * estimates of very common queries come from the newest 500 matches, a quarter of SQLite's.
 */
export const POSTGRES_TUNING: SearchTuning = { ...DEFAULT_TUNING, estimateSampleSize: 500 };

/** PostgreSQL: weighted tsvector with a GIN index. */
export class PostgresSearchIndex extends FullTextSearchIndex {
  constructor(database: DatabaseHandle, tuning: SearchTuning = POSTGRES_TUNING) {
    super(database.db, new PostgresSearchBackend(database.db), tuning);
  }
}

export function createSearchIndex(database: DatabaseHandle, tuning?: SearchTuning): FullTextSearchIndex {
  return database.dialect === 'postgres'
    ? new PostgresSearchIndex(database, tuning)
    : new SqliteSearchIndex(database, tuning);
}
