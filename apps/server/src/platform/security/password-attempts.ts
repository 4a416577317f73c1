import { rateLimited } from '../http/app-error.js';
import type { RateLimiter, RateLimitRule, TakenAttempt } from '../http/rate-limiter.js';

/** A failure budget a password check counts against: a rule and whose counter (address, account …). */
export interface GuessBudget {
  rule: RateLimitRule;
  subject: string;
}

/**
 * At most this many password checks run at once per account, and per client address, in one
 * instance: argon2 takes 19 MiB and tens of milliseconds each, and no honest person checks more
 * passwords at the same moment. (An office behind one address signs in a few colleagues at once.)
 */
export const MAX_CONCURRENT_CHECKS = { account: 2, address: 8 } as const;

/**
 * Every password check (login, account deletion, password change) goes through here (issue 17):
 * 1. Too many checks already running for the same account or address: refused at once (429).
 * 2. The attempt is counted against each budget *before* the password is verified, atomically in
 *    the database shared by all instances, so 200 guesses sent together get at most the limit
 *    evaluated; an attempt over a limit is refused (429) and counts nowhere.
 * 3. A right password gives the attempt back: success never uses up the failure budget.
 */
export class PasswordAttempts {
  private readonly running = new Map<string, number>();

  constructor(private readonly rateLimiter: RateLimiter) {}

  async verify(
    budgets: GuessBudget[],
    concurrency: { account: string; address?: string },
    check: () => Promise<boolean>,
  ): Promise<boolean> {
    const keys = [
      { key: `account:${concurrency.account}`, max: MAX_CONCURRENT_CHECKS.account },
      ...(concurrency.address
        ? [{ key: `address:${concurrency.address}`, max: MAX_CONCURRENT_CHECKS.address }]
        : []),
    ];
    if (keys.some(({ key, max }) => (this.running.get(key) ?? 0) >= max)) throw rateLimited(1);
    for (const { key } of keys) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    try {
      const taken = await this.takeAll(budgets);
      const valid = await check();
      if (valid) await Promise.all(taken.map((attempt) => this.rateLimiter.giveBack(attempt)));
      return valid;
    } finally {
      for (const { key } of keys) {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left === 0) this.running.delete(key);
        else this.running.set(key, left);
      }
    }
  }

  /** Takes an attempt from every budget, or from none: a refusal gives back those already taken. */
  private async takeAll(budgets: GuessBudget[]): Promise<TakenAttempt[]> {
    const taken: TakenAttempt[] = [];
    try {
      for (const { rule, subject } of budgets) taken.push(await this.rateLimiter.take(rule, subject));
      return taken;
    } catch (err) {
      await Promise.all(taken.map((attempt) => this.rateLimiter.giveBack(attempt)));
      throw err;
    }
  }
}
