import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The settings row of "SSO required for staff" (issue 23); absent means no. */
const SSO_REQUIRED_KEY = 'sso.requiredForStaff';

/** SQL of provider sign-ins: pending logins, hand-over codes and the SSO setting. */
export class OidcRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (repository: OidcRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new OidcRepository(trx)));
  }

  async insertPendingLogin(row: {
    stateHash: string;
    codeVerifier: string;
    nonce: string;
    now: number;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('sso_logins')
      .values({
        state_hash: row.stateHash,
        code_verifier: row.codeVerifier,
        nonce: row.nonce,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Takes a pending login out (it works once); undefined when unknown, taken already or expired. */
  async takePendingLogin(stateHash: string, now: number) {
    const row = await this.db
      .selectFrom('sso_logins')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom('sso_logins')
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    // A concurrent callback with the same state took it first.
    if (Number(deleted.numDeletedRows) !== 1 || row.expires_at <= now) return undefined;
    return row;
  }

  async insertHandover(row: {
    codeHash: string;
    userId: number;
    idToken: string;
    refreshToken: string | null;
    now: number;
    expiresAt: number;
  }) {
    await this.db
      .insertInto('sso_handovers')
      .values({
        code_hash: row.codeHash,
        user_id: row.userId,
        id_token: row.idToken,
        refresh_token: row.refreshToken,
        created_at: row.now,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Takes a hand-over out (it works once); undefined when unknown, taken already or expired. */
  async takeHandover(codeHash: string, now: number) {
    const row = await this.db
      .selectFrom('sso_handovers')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom('sso_handovers')
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1 || row.expires_at <= now) return undefined;
    return row;
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('sso_logins').where('expires_at', '<', now).execute();
    await this.db.deleteFrom('sso_handovers').where('expires_at', '<', now).execute();
  }

  async isSsoRequiredForStaff(): Promise<boolean> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SSO_REQUIRED_KEY)
      .executeTakeFirst();
    return row?.value === 'true';
  }

  async setSsoRequiredForStaff(required: boolean): Promise<void> {
    const value = required ? 'true' : 'false';
    await this.db
      .insertInto('settings')
      .values({ key: SSO_REQUIRED_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  findSessionIdToken(sessionId: number): Promise<{ sso_id_token: string | null } | undefined> {
    return this.db
      .selectFrom('sessions')
      .select('sso_id_token')
      .where('id', '=', sessionId)
      .executeTakeFirst();
  }
}
