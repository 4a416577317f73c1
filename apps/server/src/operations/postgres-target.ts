import { sql, type Kysely } from 'kysely';

/** PostgreSQL-side helpers of migrate-data. */

export async function postgresColumns(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(db);
  return rows.map((row) => row.column_name);
}

export async function postgresRowCount(db: Kysely<unknown>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]!.n);
}

export interface SequenceReset {
  table: string;
  column: string;
  /** The id the next insert gets. */
  next: number;
}

/**
 * Rows were copied with their ids, which does not advance the serial columns' sequences: without
 * this the first new row would get id 1 and collide. Each sequence continues past the larger of the
 * table's highest id and SQLite's own counter (`floors`, from sqlite_sequence), so no id is ever
 * handed out twice, as on SQLite.
 */
export async function resetSequences(
  db: Kysely<unknown>,
  tables: readonly string[],
  floors: Map<string, number>,
): Promise<SequenceReset[]> {
  const { rows: serials } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'
    order by table_name, column_name`.execute(db);
  const resets: SequenceReset[] = [];
  for (const { table_name: table, column_name: column } of serials) {
    if (!tables.includes(table)) continue;
    const { rows } = await sql<{ max: number | string | null }>`
      select max(${sql.ref(column)}) as max from ${sql.table(table)}`.execute(db);
    const next = Math.max(Number(rows[0]?.max ?? 0), floors.get(table) ?? 0) + 1;
    // is_called = false: the next nextval() answers `next` itself.
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), ${next}, false)`.execute(db);
    resets.push({ table, column, next });
  }
  return resets;
}
