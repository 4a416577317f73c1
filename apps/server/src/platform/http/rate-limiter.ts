import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { rateLimited } from './app-error.js';

/** One attempt counted by `take`: what `giveBack` needs to undo it in the same window. */
export interface TakenAttempt {
  rule: RateLimitRule;
  subject: string;
  windowStart: number;
}

export interface RateLimitRule {
  /** Distinguishes the counter, e.g. 'login-ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so every server instance counts together and a restart
 * forgets nothing. One upsert per hit: atomic on SQLite and PostgreSQL alike.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one hit and throws 429 (with Retry-After) when the rule's limit is exceeded.
   * `onFirstRefusal` runs once per window, for the first hit over the limit (to report a spike).
   */
  async hit(rule: RateLimitRule, subject: string, onFirstRefusal?: () => Promise<void>): Promise<void> {
    const { count, windowStart } = await this.increment(rule, subject);
    if (count <= rule.limit) return;
    if (count === rule.limit + 1 && onFirstRefusal) await onFirstRefusal();
    throw rateLimited((windowStart + rule.windowMs - this.clock.now()) / 1000);
  }

  /** Counts one hit and tells whether it is within the limit, for callers that drop rather than refuse. */
  async allow(rule: RateLimitRule, subject: string): Promise<boolean> {
    const { count } = await this.increment(rule, subject);
    return count <= rule.limit;
  }

  /**
   * Counts an attempt *before* the work it guards (a password check), atomically, so attempts sent
   * together cannot all pass a check made before any of them was counted. Throws 429 when the
   * attempt is over the limit, having given it back (it was not evaluated, so it does not count).
   */
  async take(rule: RateLimitRule, subject: string): Promise<TakenAttempt> {
    const { count, windowStart } = await this.increment(rule, subject);
    const taken = { rule, subject, windowStart };
    if (count > rule.limit) {
      await this.giveBack(taken);
      throw rateLimited((windowStart + rule.windowMs - this.clock.now()) / 1000);
    }
    return taken;
  }

  /** Undoes a taken attempt (it succeeded, or was refused elsewhere); a window that has moved on is left alone. */
  async giveBack(taken: TakenAttempt): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', keyOf(taken.rule, taken.subject))
      .where('window_start', '=', taken.windowStart)
      .where('count', '>', 0)
      .execute();
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', keyOf(rule, subject)).execute();
  }

  private async increment(
    rule: RateLimitRule,
    subject: string,
  ): Promise<{ count: number; windowStart: number }> {
    const now = this.clock.now();
    const expired = now - rule.windowMs;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: keyOf(rule, subject), window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.window_start', '<=', expired)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('rate_limits.window_start', '<=', expired)
            .then(now)
            .else(eb.ref('rate_limits.window_start'))
            .end(),
        })),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: row.count, windowStart: row.window_start };
  }

  /** Old windows are worthless; called by a periodic job. */
  async purge(olderThanMs: number): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', this.clock.now() - olderThanMs)
      .execute();
  }
}

function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`.slice(0, 300);
}
