import type { Kysely } from 'kysely';

/**
 * The country roots of spec 9 (Germany 1, Austria 123, Switzerland 658) are rows of every
 * database, with or without the demo (issue 16). Before this, only an import that listed them
 * created them, so an operator's manifest with categories under root 1 was refused on an empty
 * portal and the home page had no root to show. Names as the demo catalogue and the admin screens
 * name them. Written here rather than imported: a shipped migration must not change with the code.
 *
 * `on conflict do nothing`: a database that has them already (the demo, an earlier import) keeps
 * its rows, names included. Their search partitions exist already: PostgreSQL's `search_fts_<root>`
 * from 20261122-0013, and SQLite makes a root's FTS5 table with its first document (a search of a
 * root without one answers no hits).
 */
export const COUNTRY_ROOT_ROWS = [
  { id: 1, name_de: 'Deutschland', name_en: 'Germany', name_fr: 'Allemagne' },
  { id: 123, name_de: 'Österreich', name_en: 'Austria', name_fr: 'Autriche' },
  { id: 658, name_de: 'Schweiz', name_en: 'Switzerland', name_fr: 'Suisse' },
] as const;

interface NodesTable {
  nodes: {
    id: number;
    parent_id: number | null;
    root_id: number;
    name_de: string;
    name_en: string;
    name_fr: string;
    created_at: number;
    updated_at: number;
  };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  await (db as unknown as Kysely<NodesTable>)
    .insertInto('nodes')
    .values(
      COUNTRY_ROOT_ROWS.map((root) => ({
        ...root,
        parent_id: null,
        root_id: root.id,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Reverting removes the roots only where nothing hangs on them, since a root that has gained
 * categories or assets is content, not schema.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<NodesTable & { assets: { container_id: number } }>;
  for (const root of COUNTRY_ROOT_ROWS) {
    const child = await typed
      .selectFrom('nodes')
      .select('id')
      .where('parent_id', '=', root.id)
      .limit(1)
      .executeTakeFirst();
    const asset = await typed
      .selectFrom('assets')
      .select('container_id')
      .where('container_id', '=', root.id)
      .limit(1)
      .executeTakeFirst();
    if (!child && !asset) await typed.deleteFrom('nodes').where('id', '=', root.id).execute();
  }
}
