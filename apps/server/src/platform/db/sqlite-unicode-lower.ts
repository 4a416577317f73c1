import type BetterSqlite3 from 'better-sqlite3';

/** The SQL name of the function below; foldCase (case-fold.ts) calls it on SQLite. */
export const UNICODE_LOWER = 'unicode_lower';

/**
 * Adds `unicode_lower(text)` to a SQLite connection (openDatabase does, on every connection), as
 * SQLite's own lower() folds ASCII letters only; see case-fold.ts for how the two engines compare.
 * Deterministic, so SQLite may fold a constant (the pattern) once per query rather than once per
 * row. Direct-only (not usable in views, triggers or indexes), because the function lives in this
 * process and not in the file: a schema object using it would make the file unreadable to other
 * tools and depend on the Unicode tables of the Node version that wrote it.
 */
export function registerUnicodeLower(connection: BetterSqlite3.Database): void {
  connection.function(UNICODE_LOWER, { deterministic: true, directOnly: true }, (value: unknown) =>
    // NULL stays NULL like lower(); numbers and blobs are read as text like SQLite's lower() does.
    value === null ? null : String(value).toLowerCase(),
  );
}
