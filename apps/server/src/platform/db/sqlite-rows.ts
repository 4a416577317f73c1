import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * better-sqlite3 builds each row object in C++, one property at a time, which costs about three
 * times as much as reading the row: 60 assets of 22 columns took ~320 µs as objects and ~130 µs as
 * arrays (measured on the bench's category page). So reader statements answer arrays, and one
 * object literal per statement, compiled from its column names, turns each array into the same row
 * object: a later column of the same name wins, as in better-sqlite3.
 */
export function withRowObjects(statement: BetterSqlite3.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  // In an object literal "__proto__" would set the prototype instead of a property: leave such a
  // statement to better-sqlite3.
  if (columnNames(statement).includes('__proto__')) return statement as unknown as SqliteStatement;
  let width = 0;
  let build: RowBuilder = () => ({});
  // SQLite prepares a statement again after a schema change, so `select *` may gain or lose columns
  // while the statement sits in the cache: rows of another width get a builder for the new columns.
  // (A renamed column keeps the width; no migration renames one.)
  const builderFor = (values: unknown[]): RowBuilder => {
    if (values.length !== width) {
      const names = columnNames(statement);
      width = names.length;
      build = rowBuilder(names);
    }
    return build;
  };
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => {
      const rows = statement.all(parameters) as unknown[][];
      return rows.length === 0 ? rows : rows.map(builderFor(rows[0]!));
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) {
        yield builderFor(values)(values);
      }
    },
  };
}

const columnNames = (statement: BetterSqlite3.Statement) => statement.columns().map((column) => column.name);

/** `(v) => ({ "id": v[0], "name": v[1], … })`; names are written as JSON string literals, so any name is safe. */
function rowBuilder(names: string[]): RowBuilder {
  const properties = names.map((name, index) => `${JSON.stringify(name)}: v[${index}]`).join(', ');
  return new Function('v', `return { ${properties} };`) as RowBuilder;
}
