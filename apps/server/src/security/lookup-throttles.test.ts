import { ErrorCodes, type AuditAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../modules/accounts/accounts.rate-limits.js';
import { addressNetwork } from '../platform/http/address-network.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { expectError, nextIp, signInAs, uniqueEmail } from '../test/users.js';

describe('addressNetwork', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['not an address', 'unknown'],
  ])('%s -> %s', (address, network) => expect(addressNetwork(address)).toBe(network));
});

/**
 * Issue 17.3: the calls that tell whether an address has an account (check, forgot password,
 * sign-up) are throttled per client address and for all addresses together; reaching a throttle is
 * logged and shown in the audit log once per window, with the network, not the exact address.
 */
describeEachDatabase('throttles of the account lookups', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
  });
  afterAll(() => t.close());

  const forgot = (ip: string) =>
    call(t.app, 'POST', '/api/user/forgot_password/', { body: { username: uniqueEmail('nobody') }, ip });
  const spikes = async () =>
    (
      await call(t.app, 'GET', '/api/admin/audit?action=abuse.limitReached', { token: admin.token })
    ).json<AuditAnswer>().entries;

  it('refuses one address over its limit and records the spike once, by its network', async () => {
    const before = (await spikes()).length;
    for (let i = 0; i < LIMITS.forgotPerIp.limit; i += 1) {
      expectError(await forgot('203.0.113.77'), 404, ErrorCodes.emailNotFound);
    }
    for (let i = 0; i < 3; i += 1) expectError(await forgot('203.0.113.77'), 429, ErrorCodes.rateLimited);
    const entries = await spikes();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      actor: { userId: null, email: 'system' },
      targetType: 'limit',
      after: { rule: LIMITS.forgotPerIp.name, from: '203.0.113.0/24', limit: LIMITS.forgotPerIp.limit },
    });
    expect(JSON.stringify(entries[0])).not.toContain('203.0.113.77');
  });

  it('refuses everybody once all addresses together reach the global limit, and records that', async () => {
    t.clock.advance(LIMITS.forgotGlobal.windowMs);
    const before = (await spikes()).length;
    for (let i = 0; i < LIMITS.forgotGlobal.limit; i += 1) {
      expectError(await forgot(nextIp()), 404, ErrorCodes.emailNotFound);
    }
    expectError(await forgot(nextIp()), 429, ErrorCodes.rateLimited);
    const entries = await spikes();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ after: { rule: LIMITS.forgotGlobal.name, from: 'all' } });
  });
});
