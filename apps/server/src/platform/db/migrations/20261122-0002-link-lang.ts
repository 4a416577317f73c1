import type { Kysely } from 'kysely';

/**
 * The language a link was sent in: a reset requested in French gets a French mail, and the page
 * opened from it must ask for French too, whatever the account's own language. Null for older links
 * (the account's language is used then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_links').addColumn('lang', 'varchar(2)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_links').dropColumn('lang').execute();
}
