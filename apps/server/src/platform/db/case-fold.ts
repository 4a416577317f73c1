import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from './database.js';
import type { Database } from './schema.js';
import { UNICODE_LOWER } from './sqlite-unicode-lower.js';

/**
 * Lower case for case-insensitive matching (`foldCase(a) like foldCase(b)`, `foldCase(a) = foldCase(b)`)
 * that folds the same way on both databases. SQLite's built-in lower() and LIKE fold ASCII letters
 * only ("MÜLLER" -> "mÜller"), PostgreSQL's lower() folds Unicode, so on SQLite we call our own
 * function, registered on every connection by `openDatabase` (sqlite-unicode-lower.ts), and lower()
 * on PostgreSQL.
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
  return dialect === 'sqlite'
    ? sql<string>`${sql.raw(UNICODE_LOWER)}(${value})`
    : sql<string>`lower(${value})`;
}

/**
 * Whether the database folds umlauts as foldCase expects: false on a PostgreSQL database created
 * with LC_CTYPE "C" (lower() folds ASCII only there). Checked at start so an operator is told.
 */
export async function foldsUnicode(db: Kysely<Database>, dialect: DialectName): Promise<boolean> {
  const { rows } = await sql<{ folded: string }>`select ${foldCase(dialect, 'ÄÖÜ')} as folded`.execute(db);
  return rows[0]?.folded === 'äöü';
}
