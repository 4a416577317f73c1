import { expect, test } from '@playwright/test';

/**
 * The built app runs under the server's strict Content-Security-Policy (scripts only from our
 * origin, no inline script, no plugins, no framing): the shell itself carries the policy and has
 * no inline script (the first-page preload is an external file).
 */
test('the app shell is served with a strict policy and has no inline script', async ({ request }) => {
  const answer = await request.get('/');
  const policy = answer.headers()['content-security-policy'] ?? '';
  for (const directive of [
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  const html = await answer.text();
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], 'inline <script> elements').toEqual([]);
});
