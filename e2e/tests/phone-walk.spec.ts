import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE } from '../support/checks';
import { decideConsentUpFront, logIn, openEspressoCategory } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * Issue 19.4: nothing on any page overflows a 390 px phone. Walks every route of the app (public,
 * signed-in, orders and admin) with real content in it — a filled cart, an order, grid and list view —
 * and asserts the page never scrolls sideways.
 */
test.use({ viewport: PHONE });

/** Waits for the page's content (not only its frame) before measuring. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
  // The page's spinner, not the thumbnails' placeholders (those below the fold never load).
  await expect(page.getByRole('main').getByLabel('Wird geladen …', { exact: true })).toHaveCount(0);
}

/** Every screen that scrolls sideways, so one run names all of them instead of the first. */
const tooWide: string[] = [];

async function measure(page: Page): Promise<void> {
  await settle(page);
  await expectNoHorizontalScroll(page).catch((error: Error) => tooWide.push(error.message));
}

async function expectFits(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await measure(page);
}

test('every route fits a 390 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  await decideConsentUpFront(page);

  for (const path of [
    '/login',
    '/signup',
    '/contact',
    '/imprint',
    '/privacy',
    '/cookies',
    '/termsofservice',
    '/reset_password/00000000-0000-4000-8000-000000000000',
    '/confirm/00000000-0000-4000-8000-000000000000',
    '/download/not-a-bundle.zip',
    '/no-such-page',
  ]) {
    await expectFits(page, path);
  }

  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);

  // Content for the screens that list things: the Espresso category in the cart, and one order.
  await openEspressoCategory(page);
  await measure(page);
  const category = new URL(page.url()).pathname;
  const added = page.waitForResponse(
    (response) => response.url().includes('/api/cart') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Alle hinzufügen' }).click();
  expect((await added).ok()).toBe(true);
  const orderId = await page.evaluate(async () => {
    const { token } = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: string };
    const answer = await fetch('/api/order', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Espresso Bohne 1 kg – Packshot Frontansicht und Rückseite' }),
    });
    return ((await answer.json()) as { _id: number })._id;
  });
  expect(orderId).toBeGreaterThan(0);

  const assetHref = await page.getByRole('main').locator('a[href^="/asset/"]').first().getAttribute('href');
  expect(assetHref).toMatch(/^\/asset\/\d+$/);

  for (const path of [
    '/',
    assetHref ?? '',
    '/search/espresso',
    '/cart',
    '/messages',
    '/downloads',
    '/lists',
    '/profile',
    '/orders',
    '/orders/4',
    '/order/add',
    `/order/${orderId}`,
    '/admin/registrations',
    '/admin/users',
    '/admin/removals',
    '/admin/catalogue',
    '/admin/links',
    '/admin/takedowns',
    '/admin/presets',
    '/admin/jobs',
    '/admin/audit',
    '/admin/insights',
  ]) {
    await expectFits(page, path);
  }

  // The list view of a category and of a search: the widest screens there are.
  for (const path of [category, '/search/espresso']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Listenansicht' }).click();
    await measure(page);
    await page.getByRole('button', { name: 'Rasteransicht' }).click();
  }

  expect(tooWide).toEqual([]);
});
