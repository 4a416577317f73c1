import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../platform/db/schema.js';

export type LinkPurpose = 'confirm' | 'reset';

/** What a session made through the OpenID provider keeps (issue 23). */
export interface SsoSessionFacts {
  expiresAt: number;
  idToken: string;
  refreshToken?: string | null;
}

export interface SessionWithUser {
  sessionId: number;
  /** When the user signed in: a session ends a fixed time after it, however active. */
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** Issue 23: a session made through the OpenID provider ends then, however active. */
  ssoExpiresAt: number | null;
  /** The provider's refresh token of an SSO session, when it gave one. */
  ssoRefreshToken: string | null;
  user: UserRow;
}

/**
 * A session by its token hash, with its user: the query behind every signed-in request, compiled
 * once (prepared-query.ts) rather than on every call.
 */
const prepareSessionLookup = (db: Kysely<Database>) =>
  preparedQuery(db, (tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.sso_expires_at',
        'sessions.sso_refresh_token',
      ])
      .where('sessions.token_hash', '=', tokenHash),
  );

/** The only place that writes SQL for users, sessions and their links. */
export class AccountsRepository {
  private readonly sessionLookup: ReturnType<typeof prepareSessionLookup>;

  constructor(readonly db: Kysely<Database>) {
    this.sessionLookup = prepareSessionLookup(db);
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: AccountsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AccountsRepository(trx)));
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** Issue 23: the account that signed in through the provider with this subject. */
  findUserBySsoSubject(subject: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('sso_subject', '=', subject).executeTakeFirst();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts a user; undefined when the e-mail address is taken (also under a concurrent signup). */
  async insertUser(row: NewUserRow): Promise<number | undefined> {
    try {
      const inserted = await this.db
        .insertInto('users')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  async updateUser(id: number, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async deleteUser(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  listUsers(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id').execute();
  }

  async countSuperUsers(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('is_super_user', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  // ---------- sessions ----------

  async insertSession(session: {
    tokenHash: string;
    userId: number;
    now: number;
    expiresAt: number;
    /** Issue 23: set for a session made through the OpenID provider. */
    sso?: SsoSessionFacts;
  }) {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
        ...(session.sso
          ? {
              sso_expires_at: session.sso.expiresAt,
              sso_id_token: session.sso.idToken,
              sso_refresh_token: session.sso.refreshToken ?? null,
            }
          : {}),
      })
      .execute();
  }

  async findSession(tokenHash: string): Promise<SessionWithUser | undefined> {
    const [row] = await this.sessionLookup(tokenHash);
    if (!row) return undefined;
    const {
      session_id,
      session_created_at,
      last_seen_at,
      expires_at,
      sso_expires_at,
      sso_refresh_token,
      ...user
    } = row;
    return {
      sessionId: session_id,
      createdAt: session_created_at,
      lastSeenAt: last_seen_at,
      expiresAt: expires_at,
      ssoExpiresAt: sso_expires_at === null ? null : Number(sso_expires_at),
      ssoRefreshToken: sso_refresh_token,
      user,
    };
  }

  /** A renewed SSO session (issue 23); only if no concurrent renewal changed its refresh token first. */
  async renewSsoSession(
    sessionId: number,
    previousRefreshToken: string,
    renewed: {
      ssoExpiresAt: number;
      expiresAt: number;
      refreshToken: string;
      idToken: string | null;
      now: number;
    },
  ): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({
        sso_expires_at: renewed.ssoExpiresAt,
        expires_at: renewed.expiresAt,
        sso_refresh_token: renewed.refreshToken,
        last_seen_at: renewed.now,
        ...(renewed.idToken ? { sso_id_token: renewed.idToken } : {}),
      })
      .where('id', '=', sessionId)
      .where('sso_refresh_token', '=', previousRefreshToken)
      .execute();
  }

  async touchSession(sessionId: number, now: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .execute();
  }

  async deleteSession(sessionId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  /** Ends every session of a user, except optionally the one making the change. */
  async deleteSessionsOfUser(userId: number, exceptSessionId?: number): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  async deleteExpiredSessions(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  }

  // ---------- confirm and reset links ----------

  async insertLink(link: {
    tokenHash: string;
    userId: number;
    purpose: LinkPurpose;
    now: number;
    expiresAt: number;
    lang: string;
  }) {
    await this.db
      .insertInto('user_links')
      .values({
        token_hash: link.tokenHash,
        user_id: link.userId,
        purpose: link.purpose,
        created_at: link.now,
        expires_at: link.expiresAt,
        lang: link.lang,
      })
      .execute();
  }

  /** A link that exists, has this purpose, is unused and has not expired; `lang` is the one it was sent in. */
  findUsableLink(tokenHash: string, purpose: LinkPurpose, now: number) {
    return this.db
      .selectFrom('user_links')
      .innerJoin('users', 'users.id', 'user_links.user_id')
      .select((eb) => ['user_links.user_id', eb.fn.coalesce('user_links.lang', 'users.lang').as('lang')])
      .where('user_links.token_hash', '=', tokenHash)
      .where('user_links.purpose', '=', purpose)
      .where('user_links.used_at', 'is', null)
      .where('user_links.expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Whether this confirm link, used or expired, belongs to an account whose address is confirmed:
   * a second click on the link in the mail is then no error, the person can simply log in.
   */
  async isConfirmLinkOfConfirmedUser(tokenHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_links')
      .innerJoin('users', 'users.id', 'user_links.user_id')
      .select('user_links.user_id')
      .where('user_links.token_hash', '=', tokenHash)
      .where('user_links.purpose', '=', 'confirm')
      .where('users.email_confirmed_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a link used with a compare-and-set: of two concurrent uses exactly one wins. */
  async useLink(tokenHash: string, purpose: LinkPurpose, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async hasUsableLinkOfUser(userId: number, purpose: LinkPurpose, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_links')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new reset or confirm link makes the older ones of the same purpose useless. */
  async expireLinksOfUser(userId: number, purpose: LinkPurpose, now: number): Promise<void> {
    await this.db
      .updateTable('user_links')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
