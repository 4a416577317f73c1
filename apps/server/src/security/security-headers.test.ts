import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The headers every answer carries (API, app shell, errors, files): a strict Content-Security-
 * Policy, no MIME sniffing, no referrer beyond the origin, no framing, and HSTS exactly when the
 * portal is served over HTTPS. Headers do not depend on the database, so SQLite alone suffices.
 */
const ANSWERS = [
  ['an API answer', 'GET', '/api/health'],
  ['an error', 'GET', '/api/no-such-route'],
  ['a refusal', 'GET', '/api/cart/'],
  ['a validation error', 'POST', '/api/user/login'],
] as const;

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  describe('over plain HTTP', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp('sqlite')));
    afterAll(() => t.close());

    it.each(ANSWERS)('%s carries the strict policy and the other headers', async (_label, method, url) => {
      const answer = await call(t.app, method, url, method === 'POST' ? { body: {} } : {});
      const policy = directives(String(answer.headers['content-security-policy']));
      expect(policy.get('default-src')).toBe("'self'");
      expect(policy.get('script-src')).toBe("'self'"); // no 'unsafe-inline', no 'unsafe-eval', no hosts
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('base-uri')).toBe("'none'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(policy.get('form-action')).toBe("'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('behind HTTPS', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp('sqlite', { PUBLIC_URL: 'https://portal.example' })));
    afterAll(() => t.close());

    it('adds HSTS for a year, subdomains included', async () => {
      const answer = await call(t.app, 'GET', '/api/health');
      const hsts = String(answer.headers['strict-transport-security']);
      expect(hsts).toContain('max-age=31536000');
      expect(hsts).toContain('includeSubDomains');
    });
  });
});
