import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../modules/accounts/accounts.rate-limits.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { call, createTestApp, describeEachDatabase, TEST_DIALECTS, type TestApp } from '../test/test-app.js';
import { createAccount, nextIp, signInAs } from '../test/users.js';

/**
 * Issue 17.1: guesses sent together. The attempt is counted before the password is checked, so of
 * 200 wrong passwords sent at once for one account from one address, at most the limit (5) are
 * evaluated (401) and every other one is refused (429), on every engine and across instances.
 */
const GUESSES = 200;
const LIMIT = LIMITS.loginFailuresPerAccountAndIp.limit;

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describeEachDatabase('password guesses sent together', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it(`evaluates at most ${LIMIT} of ${GUESSES} concurrent wrong logins, refuses the rest, and locks that address`, async () => {
    const victim = await createAccount(t, 'registered');
    const attacker = nextIp();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        call(t.app, 'POST', '/api/user/login', {
          body: { username: victim.email, password: `Guess-${i}-xxxxxx` },
          ip: attacker,
        }),
      ),
    );
    const counts = statusCounts(answers.map((answer) => answer.statusCode));
    expect(counts[200]).toBeUndefined();
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect(counts[429]).toBe(GUESSES - (counts[401] ?? 0));
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json<{ error: { code: string } }>().error.code).toBe(ErrorCodes.rateLimited);
    }
    // Refused guesses were not counted: the per-account ceiling only saw the evaluated ones.
    const perAccount = await t.context.database.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `${LIMITS.loginFailuresPerAccount.name}:${victim.email}`)
      .executeTakeFirstOrThrow();
    expect(perAccount.count).toBe(counts[401]);

    // The address keeps trying: still refused, even with the right password, once the limit is used up.
    for (let i = (counts[401] ?? 0) + 1; i <= LIMIT; i += 1) {
      const body = { username: victim.email, password: `Later-${i}-xxxxxx` };
      expect((await call(t.app, 'POST', '/api/user/login', { body, ip: attacker })).statusCode).toBe(401);
    }
    const body = { username: victim.email, password: victim.password };
    expect((await call(t.app, 'POST', '/api/user/login', { body, ip: attacker })).statusCode).toBe(429);
    // The real user at another address is not locked out.
    expect((await call(t.app, 'POST', '/api/user/login', { body, ip: nextIp() })).statusCode).toBe(200);
  });

  it('a right password gives its attempt back: failures and successes mixed never lock an honest user', async () => {
    const user = await createAccount(t, 'registered');
    const ip = nextIp();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < LIMIT - 1; i += 1) {
        const body = { username: user.email, password: `Typo-${round}-${i}-xxx` };
        expect((await call(t.app, 'POST', '/api/user/login', { body, ip })).statusCode).toBe(401);
      }
      const body = { username: user.email, password: user.password };
      expect((await call(t.app, 'POST', '/api/user/login', { body, ip })).statusCode).toBe(200);
    }
  });

  it('account deletion: concurrent wrong passwords get at most the limit evaluated, the account stays', async () => {
    const owner = await signInAs(t, 'registered');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, 'DELETE', '/api/user/', { token: owner.token, body: { password: `Wrong-${i}-xxxx` } }),
      ),
    );
    const counts = statusCounts(answers.map((answer) => answer.statusCode));
    expect(counts[400] ?? 0).toBeLessThanOrEqual(LIMITS.passwordFailuresPerUser.limit);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(50);
    expect((await call(t.app, 'GET', '/api/user/', { token: owner.token })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('password guesses sent to two instances at once', () => {
  let t: TestApp;
  let instances: ServerProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const env = { DATABASE_URL: t.config.databaseUrl, PUBLIC_URL: 'http://portal.test' };
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await t?.close();
  });

  it(`evaluates at most ${LIMIT} of ${GUESSES} guesses split over both, sharing the counters`, async () => {
    const victim = await createAccount(t, 'registered');
    const statuses = await Promise.all(
      Array.from({ length: GUESSES }, async (_, i) => {
        const instance = instances[i % 2]!;
        const answer = await fetch(`${instance.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: victim.email, password: `Guess-${i}-xxxxxx` }),
        });
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    const counts = statusCounts(statuses);
    expect(counts[200]).toBeUndefined();
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect(counts[429]).toBe(GUESSES - (counts[401] ?? 0));
  }, 60_000);
});
