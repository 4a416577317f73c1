import { COUNTRY_ROOTS } from '@mediabox/contract';
import { sql, type Kysely } from 'kysely';

/**
 * Rows a database holds from its migrations alone: the country roots (20261126-0015) and the
 * shipped conversion presets with their first versions (20261127-0018). A new target has them, so
 * they do not make it "not empty"; the copy replaces them with the source's own rows, which may
 * have been renamed, changed or retired since.
 */
const ROOT_IDS = Object.values(COUNTRY_ROOTS);

/** Per table, the condition of rows beyond those the migrations wrote. */
const BEYOND_MIGRATIONS: Partial<Record<string, ReturnType<typeof sql>>> = {
  nodes: sql`where not (parent_id is null and id in (${sql.join(ROOT_IDS)}))`,
  conversion_presets: sql`where shipped_key is null or current_version <> 1 or retired_at is not null`,
  conversion_preset_versions: sql`where version <> 1 or preset_id in (select id from conversion_presets where shipped_key is null)`,
};

/** Whether `table` holds rows beyond those the migrations wrote. */
export async function postgresHasContent(db: Kysely<unknown>, table: string): Promise<boolean> {
  const beyondMigrations = BEYOND_MIGRATIONS[table] ?? sql``;
  const { rows } = await sql<{
    found: number;
  }>`select 1 as found from ${sql.table(table)} ${beyondMigrations} limit 1`.execute(db);
  return rows.length > 0;
}

/** Deletes the migrations' rows from a target found without content, before the source's are copied. */
export async function deleteMigrationRows(trx: Kysely<unknown>): Promise<void> {
  await sql`delete from nodes where parent_id is null and id in (${sql.join(ROOT_IDS)})`.execute(trx);
  // Versions go with their preset (on delete cascade); the source's rows keep the same ids.
  await sql`delete from conversion_presets where shipped_key is not null`.execute(trx);
}
