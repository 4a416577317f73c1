import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { AppError } from './app-error.js';
import { RateLimiter, type RateLimitRule } from './rate-limiter.js';

const MINUTE = 60 * 1000;
let sequence = 0;
/** A rule of its own per test: counters never leak between tests. */
const rule = (limit: number, windowMs = 10 * MINUTE): RateLimitRule => ({
  name: `test-${(sequence += 1)}`,
  limit,
  windowMs,
});

/** The 429 a call throws, or fails the test when it does not throw one. */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(429);
  expect(appError.code).toBe(ErrorCodes.rateLimited);
  return appError;
}

describeEachDatabase('RateLimiter', (dialect) => {
  let t: TestApp;
  let limiter: RateLimiter;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    limiter = new RateLimiter(t.context.database.db, t.clock);
  });
  afterAll(() => t.close());

  it('allows the limit, refuses the next hit with the seconds left in the window', async () => {
    const r = rule(3, 10 * MINUTE);
    for (let i = 0; i < 3; i += 1) await limiter.hit(r, 'ip-a');
    t.clock.advance(4 * MINUTE);
    const error = await refusal(limiter.hit(r, 'ip-a'));
    expect(error.headers).toEqual({ 'retry-after': String(6 * 60) });
  });

  it('counts each subject and each rule on its own', async () => {
    const r = rule(1);
    const s = rule(1);
    await limiter.hit(r, 'ip-a');
    await refusal(limiter.hit(r, 'ip-a'));
    await limiter.hit(r, 'ip-b');
    await limiter.hit(s, 'ip-a');
  });

  it('starts a new window once the old one ends', async () => {
    const r = rule(2, 15 * MINUTE);
    await limiter.hit(r, 'x');
    await limiter.hit(r, 'x');
    await refusal(limiter.hit(r, 'x'));
    t.clock.advance(15 * MINUTE - 1);
    const last = await refusal(limiter.hit(r, 'x'));
    expect(last.headers?.['retry-after']).toBe('1');
    t.clock.advance(1);
    await limiter.hit(r, 'x');
    await limiter.hit(r, 'x');
    await refusal(limiter.hit(r, 'x'));
  });

  it('take() counts before the work; over the limit it refuses and counts nothing; giveBack() undoes one', async () => {
    const r = rule(2);
    const first = await limiter.take(r, 'user');
    await limiter.take(r, 'user');
    const error = await refusal(limiter.take(r, 'user'));
    expect(Number(error.headers?.['retry-after'])).toBe(10 * 60);
    // The refused attempt was given back: one success frees exactly one attempt.
    await limiter.giveBack(first);
    await limiter.take(r, 'user');
    await refusal(limiter.take(r, 'user'));
  });

  it('giveBack() leaves a later window alone', async () => {
    const r = rule(1, 10 * MINUTE);
    const old = await limiter.take(r, 'user');
    t.clock.advance(10 * MINUTE);
    await limiter.take(r, 'user');
    await limiter.giveBack(old);
    await refusal(limiter.take(r, 'user'));
  });

  it('of 20 concurrent takes with a limit of 5, exactly 5 pass, and the counter says 5', async () => {
    const r = rule(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take(r, 'burst')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    const row = await t.context.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `${r.name}:burst`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(5);
  });

  it('reset() forgets the subject', async () => {
    const r = rule(1);
    await limiter.take(r, 'user');
    await refusal(limiter.take(r, 'user'));
    await limiter.reset(r, 'user');
    await limiter.take(r, 'user');
  });

  it('counts concurrent hits exactly: of 20 at once with a limit of 8, exactly 8 pass', async () => {
    const r = rule(8);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.hit(r, 'burst')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(8);
    const row = await t.context.database.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', `${r.name}:burst`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(20);
  });

  it('two limiters on the same database count together (another instance, same counters)', async () => {
    const r = rule(2);
    const second = new RateLimiter(t.context.database.db, t.clock);
    await limiter.hit(r, 'shared');
    await second.hit(r, 'shared');
    await refusal(limiter.hit(r, 'shared'));
    await refusal(second.hit(r, 'shared'));
  });

  it('purge() drops old windows and keeps recent ones', async () => {
    const old = rule(5);
    const recent = rule(5);
    await limiter.hit(old, 'p');
    t.clock.advance(2 * 60 * MINUTE);
    await limiter.hit(recent, 'p');
    await limiter.purge(60 * MINUTE);
    const keys = (await t.context.database.db.selectFrom('rate_limits').select('key').execute()).map(
      (item) => item.key,
    );
    expect(keys).toContain(`${recent.name}:p`);
    expect(keys).not.toContain(`${old.name}:p`);
  });

  it('keeps keys within the column for very long subjects', async () => {
    const r = rule(1);
    const subject = 'x'.repeat(5000);
    await limiter.hit(r, subject);
    await refusal(limiter.hit(r, subject));
  });
});
