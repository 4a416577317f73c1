import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';

/** How long an answer is trusted; another instance's deactivation reaches this one within it. */
export const ACTIVE_USER_TTL_MS = 30_000;

/**
 * Whether a user may still use the capability links issued to them (issue 17.4): a file ticket of
 * an original carries its viewer, a bundle link belongs to its creator, and both outlive a session
 * (an hour, fourteen days). A deactivated or deleted account's links stop working. Serving a file
 * must stay cheap, so answers are remembered for ACTIVE_USER_TTL_MS; a change made in this instance
 * (`forget`) counts at once.
 */
export class ActiveUsers {
  private readonly remembered = new Map<number, { active: boolean; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs = ACTIVE_USER_TTL_MS,
  ) {}

  async isActive(userId: number): Promise<boolean> {
    const now = this.clock.now();
    const known = this.remembered.get(userId);
    if (known && known.until > now) return known.active;
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('approved_at', 'is not', null)
      .where('deactivated_at', 'is', null)
      .where('rejected_at', 'is', null)
      .executeTakeFirst();
    const active = row !== undefined;
    // Bounded: a flood of made-up ids must not grow the map without end.
    if (this.remembered.size >= 10_000) this.remembered.clear();
    this.remembered.set(userId, { active, until: now + this.ttlMs });
    return active;
  }

  /** The account changed (deactivated, reactivated, deleted): ask the database next time. */
  forget(userId: number): void {
    this.remembered.delete(userId);
  }
}
