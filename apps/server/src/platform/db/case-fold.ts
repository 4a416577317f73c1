import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';

/**
 * Lower case for case-insensitive matching (`foldCase(a) like foldCase(b)`, `foldCase(a) = foldCase(b)`)
 * that folds the same way on both databases. SQLite's built-in lower() and LIKE fold ASCII letters
 * only ("MÜLLER" -> "mÜller"), PostgreSQL's lower() folds Unicode, so on SQLite we call our own
 * function, registered on every connection by `openDatabase`, and lower() on PostgreSQL.
 *
 * The SQLite function is JavaScript's `toLowerCase()` (Unicode's default, locale-independent
 * mapping). PostgreSQL's lower() follows the database's LC_CTYPE (glibc's per-character tables for
 * a UTF-8 locale such as C.UTF-8 or de_DE.UTF-8; a database created with LC_CTYPE "C" folds ASCII
 * only and would bring the difference back). The two agree on letters with umlauts and accents, on
 * ß (stays ß, "ẞ" becomes ß; neither folds ß to "ss" — the search module does that, not this) and on
 * I -> i (no Turkish dotless ı). Where they differ we do not try to agree: "İ" (capital I with dot)
 * becomes "i" + U+0307 in JavaScript but "i" in glibc, and a word-final "Σ" becomes "ς" in
 * JavaScript but "σ" in glibc. Both are rare in names, companies and order fields.
 */
export function foldCase(
  dialect: DialectName,
  value: Expression<string | null> | string,
): RawBuilder<string> {
  return dialect === 'sqlite' ? sql<string>`unicode_lower(${value})` : sql<string>`lower(${value})`;
}

/**
 * Adds `unicode_lower(text)` to a SQLite connection. Deterministic, so SQLite may fold a constant
 * (the pattern) once per query rather than once per row. Direct-only (not usable in views, triggers
 * or indexes), because the function lives in this process and not in the file: a schema object
 * using it would make the file unreadable to other tools and depend on the Unicode tables of the
 * Node version that wrote it.
 */
export function registerCaseFold(connection: BetterSqlite3.Database): void {
  connection.function('unicode_lower', { deterministic: true, directOnly: true }, (value: unknown) =>
    // NULL stays NULL like lower(); numbers and blobs are read as text like SQLite's lower() does.
    value === null ? null : String(value).toLowerCase(),
  );
}

/**
 * Whether the database folds umlauts as foldCase expects: false on a PostgreSQL database created
 * with LC_CTYPE "C" (lower() folds ASCII only there). Checked at start so an operator is told.
 */
export async function foldsUnicode(db: Kysely<Database>, dialect: DialectName): Promise<boolean> {
  const { rows } = await sql<{ folded: string }>`select ${foldCase(dialect, 'ÄÖÜ')} as folded`.execute(db);
  return rows[0]?.folded === 'äöü';
}
