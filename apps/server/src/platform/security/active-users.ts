import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import type { AuthUser } from '../http/auth.js';

/** What an active account may do, as far as capability links need it. */
export type ActiveUserRoles = Pick<AuthUser, 'jde' | 'isSuperUser'>;

/** How long an answer is trusted; another instance's deactivation reaches this one within it. */
export const ACTIVE_USER_TTL_MS = 30_000;

/**
 * Whether a user may still use the capability links issued to them (issue 17.4): a file ticket of
 * an original and an order upload URL carry their viewer, a bundle link belongs to its creator, and
 * all outlive a session (an hour, fourteen days). A deactivated or deleted account's links stop working. Serving a file
 * must stay cheap, so answers are remembered for ACTIVE_USER_TTL_MS; a change made in this instance
 * (`forget`) counts at once.
 */
export class ActiveUsers {
  private readonly remembered = new Map<number, { roles: ActiveUserRoles | null; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = ACTIVE_USER_TTL_MS,
  ) {}

  async isActive(userId: number): Promise<boolean> {
    return (await this.rolesOf(userId)) !== null;
  }

  /**
   * The roles of an active account, null for one that is not (deactivated, deleted, not approved,
   * rejected): an order upload URL also ends when its viewer is no longer staff. Remembered like
   * `isActive` (one query answers both); a role change in this instance calls `forget` too.
   */
  async rolesOf(userId: number): Promise<ActiveUserRoles | null> {
    const now = this.clock.now();
    const known = this.remembered.get(userId);
    if (known && known.until > now) return known.roles;
    const row = await this.db
      .selectFrom('users')
      .select(['jde', 'is_super_user'])
      .where('id', '=', userId)
      .where('approved_at', 'is not', null)
      .where('deactivated_at', 'is', null)
      .where('rejected_at', 'is', null)
      .executeTakeFirst();
    const roles = row ? { jde: row.jde === 1, isSuperUser: row.is_super_user === 1 } : null;
    // Bounded: a flood of made-up ids must not grow the map without end.
    if (this.remembered.size >= 10_000) this.remembered.clear();
    this.remembered.set(userId, { roles, until: now + this.ttlMs });
    return roles;
  }

  /** The account changed (deactivated, reactivated, deleted, roles set): ask the database next time. */
  forget(userId: number): void {
    this.remembered.delete(userId);
  }
}
