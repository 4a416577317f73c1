import { sql, type Kysely } from 'kysely';
import { quoteIdentifier, type SqliteConnection } from './sqlite-file.js';

type Row = Record<string, unknown>;

/** PostgreSQL takes at most 65535 parameters per statement; stay well below. */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH = 1000;

/** Reading rows of a table needs its key column(s) for paging; this name never clashes with a real column. */
const KEY = '__copy_key__';
const DEPTH = '__copy_depth__';

/**
 * Copies every row of one table from SQLite into PostgreSQL, in batches (keyset paging: constant
 * memory and constant cost per batch, however large the table). Values pass unchanged: both
 * databases hold times as epoch-ms integers, flags as 0/1 integers and JSON as text.
 * Answers the number of rows copied.
 */
export async function copyTable(
  source: SqliteConnection,
  target: Kysely<unknown>,
  table: string,
  columns: string[],
  maxBatch = MAX_BATCH,
): Promise<number> {
  const batchSize = Math.max(1, Math.min(maxBatch, Math.floor(MAX_PARAMETERS / columns.length)));
  let copied = 0;
  for (const rows of readBatches(source, table, batchSize)) {
    await insertRows(target, table, columns, rows);
    copied += rows.length;
  }
  return copied;
}

function* readBatches(source: SqliteConnection, table: string, batchSize: number): Generator<Row[]> {
  if (table === 'nodes') {
    yield* readNodesParentsFirst(source, batchSize);
    return;
  }
  // Every table here is a rowid table (none is WITHOUT ROWID), so rowid pages all of them alike.
  const page = source.prepare(
    `select rowid as ${KEY}, * from ${quoteIdentifier(table)} where rowid > ? order by rowid limit ?`,
  );
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = page.all(after, batchSize) as Row[];
    if (rows.length === 0) return;
    after = rows.at(-1)![KEY] as number;
    yield rows.map((row) => omit(row, KEY));
  }
}

/**
 * `nodes.parent_id` points into `nodes`, and PostgreSQL checks it at the end of each insert
 * statement: a parent must arrive in the same batch as its child or an earlier one. Node ids come from import manifests, so a child can have the
 * smaller id; rows are read by depth in the tree instead.
 */
function* readNodesParentsFirst(source: SqliteConnection, batchSize: number): Generator<Row[]> {
  const page = source.prepare(`
    with recursive tree(id, depth) as (
      select id, 0 from nodes where parent_id is null
      union all
      select nodes.id, tree.depth + 1 from nodes join tree on nodes.parent_id = tree.id
    )
    select tree.depth as ${DEPTH}, nodes.* from nodes join tree on tree.id = nodes.id
    where (tree.depth, nodes.id) > (?, ?)
    order by tree.depth, nodes.id
    limit ?`);
  let after: [number, number] = [-1, Number.MIN_SAFE_INTEGER];
  for (;;) {
    const rows = page.all(after[0], after[1], batchSize) as Row[];
    if (rows.length === 0) return;
    const last = rows.at(-1)!;
    after = [last[DEPTH] as number, last.id as number];
    yield rows.map((row) => omit(row, DEPTH));
  }
}

async function insertRows(
  target: Kysely<unknown>,
  table: string,
  columns: string[],
  rows: Row[],
): Promise<void> {
  const values = rows.map((row) => sql`(${sql.join(columns.map((column) => row[column] ?? null))})`);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
    target,
  );
}

function omit(row: Row, key: string): Row {
  const { [key]: _omitted, ...rest } = row;
  return rest;
}
