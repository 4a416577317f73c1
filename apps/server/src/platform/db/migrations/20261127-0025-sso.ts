import type { Kysely } from 'kysely';

/**
 * Issue 23: staff sign in with the company account (OpenID Connect).
 *
 * - `users.sso_subject`: the provider's `sub` of the account, once it signed in through the provider
 *   (unique: one provider identity is one account). An account made by the provider has an empty
 *   `password_hash`, which no password matches.
 * - `sessions.sso_expires_at`: a session made through the provider ends then however active it is
 *   (OIDC_SESSION_HOURS, leavers), unless the provider renews it with `sso_refresh_token` (when it
 *   gave one); `sso_id_token` is the hint for the provider's logout.
 * - `sso_logins`: a sign-in on its way to the provider, by the hash of its `state`, with the PKCE
 *   verifier and the nonce; used once, ten minutes at most.
 * - `sso_handovers`: a finished sign-in waiting for the web app to take its session, by the hash of
 *   a one-time code; used once, one minute at most.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sso_subject', 'varchar(255)').execute();
  await db.schema.createIndex('users_sso_subject').unique().on('users').column('sso_subject').execute();
  await db.schema.alterTable('sessions').addColumn('sso_expires_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('sso_id_token', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('sso_refresh_token', 'text').execute();

  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('code_verifier', 'varchar(128)', (col) => col.notNull())
    .addColumn('nonce', 'varchar(128)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sso_handovers')
    .addColumn('code_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id_token', 'text', (col) => col.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_handovers').execute();
  await db.schema.dropTable('sso_logins').execute();
  await db.schema.alterTable('sessions').dropColumn('sso_refresh_token').execute();
  await db.schema.alterTable('sessions').dropColumn('sso_id_token').execute();
  await db.schema.alterTable('sessions').dropColumn('sso_expires_at').execute();
  await db.schema.dropIndex('users_sso_subject').execute();
  await db.schema.alterTable('users').dropColumn('sso_subject').execute();
}
