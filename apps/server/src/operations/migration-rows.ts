import { COUNTRY_ROOTS } from '@mediabox/contract';
import { sql, type Kysely } from 'kysely';

/**
 * Rows a database holds from its migrations alone: the country roots (20261126-0015). A new
 * target has them, so they do not make it "not empty"; the copy replaces them with the source's
 * own rows, which may have been renamed since.
 */
const ROOT_IDS = Object.values(COUNTRY_ROOTS);

/** Whether `table` holds rows beyond those the migrations wrote. */
export async function postgresHasContent(db: Kysely<unknown>, table: string): Promise<boolean> {
  const beyondMigrations =
    table === 'nodes' ? sql`where not (parent_id is null and id in (${sql.join(ROOT_IDS)}))` : sql``;
  const { rows } = await sql<{
    found: number;
  }>`select 1 as found from ${sql.table(table)} ${beyondMigrations} limit 1`.execute(db);
  return rows.length > 0;
}

/** Deletes the migrations' rows from a target found without content, before the source's are copied. */
export async function deleteMigrationRows(trx: Kysely<unknown>): Promise<void> {
  await sql`delete from nodes where parent_id is null and id in (${sql.join(ROOT_IDS)})`.execute(trx);
}
