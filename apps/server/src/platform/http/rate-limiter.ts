import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { tooManyRequests } from './app-error.js';

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

  /** Counts one hit and throws 429 (with Retry-After) when the rule's limit is exceeded. */
  async hit(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, windowStart } = await this.increment(rule, subject);
    if (count > rule.limit) throw tooManyRequests((windowStart + rule.windowMs - this.clock.now()) / 1000);
  }

  /** Throws 429 when the limit is already used up, without counting (for failure-only counters). */
  async check(rule: RateLimitRule, subject: string): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', keyOf(rule, subject))
      .executeTakeFirst();
    const now = this.clock.now();
    if (row && row.window_start > now - rule.windowMs && row.count >= rule.limit) {
      throw tooManyRequests((row.window_start + rule.windowMs - now) / 1000);
    }
  }

  /** Counts one hit and tells whether it is within the limit, for callers that drop rather than refuse. */
  async allow(rule: RateLimitRule, subject: string): Promise<boolean> {
    const { count } = await this.increment(rule, subject);
    return count <= rule.limit;
  }

  /** Counts one hit without refusing (e.g. a failed login). */
  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.increment(rule, subject);
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
