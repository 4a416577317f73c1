import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../modules/accounts/accounts.rate-limits.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createAccount } from '../test/users.js';

/**
 * Issue 17.6: behind a proxy, a client may send its own X-Forwarded-For. The proxy appends the
 * address it saw; only entries added by trusted hops may be believed, or the client picks the
 * address its rate-limit counters are kept under.
 */
describe.each([
  ['a hop count', '1'],
  ["the proxy's address", '127.0.0.1'],
  ['true (one proxy)', 'true'],
])('TRUST_PROXY as %s', (_name, setting) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: setting });
  });
  afterAll(() => t.close());

  const login = (username: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      // The proxy (127.0.0.1, inject's address) appended what it saw: 203.0.113.9.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forwardedFor}, 203.0.113.9` },
      payload: { username, password: 'Wrong-password-1' },
    });

  it('counts failures under the address the proxy saw, whatever the client wrote before it', async () => {
    const victim = await createAccount(t, 'registered');
    const limit = LIMITS.loginFailuresPerAccountAndIp.limit;
    for (let i = 0; i < limit; i += 1) {
      expect((await login(victim.email, `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expect((await login(victim.email, '198.51.100.200')).statusCode).toBe(429);
  });
});
