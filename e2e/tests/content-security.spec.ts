import { expect, test, type Page } from '@playwright/test';
import { decideConsentUpFront, logIn, openEspressoCategory, uniqueEmail } from '../support/pages';
import { mediabox } from '../support/portal';

/**
 * The built app runs under the server's strict Content-Security-Policy (scripts only from our
 * origin, no inline script, no plugins, no framing): a real browser reports not one violation
 * while a partner signs in, browses a category and searches.
 */
test.beforeEach(async ({ page }) => {
  await decideConsentUpFront(page);
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
});

const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

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

test('signing in, browsing a category and searching cause no policy violation', async ({ page }) => {
  const email = uniqueEmail('csp');
  mediabox('user', 'add', '--email', email, '--password', 'Passwort-123');
  await page.goto('/login');
  await logIn(page, email, 'Passwort-123');
  await openEspressoCategory(page);
  // The thumbnails of the page's assets (the header's icons are not what we wait for).
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
  await page.goto('/search/kaffee');
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});
