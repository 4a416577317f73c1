import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectNoAxeViolations, expectNoHorizontalScroll } from '../support/checks';
import { decideConsentUpFront, logIn } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * Issue 19.5, 19.6 and 19.13: a top category counts what its subcategories hold (page and admin
 * tree), a country switch drops the other country's filter, a filter that hides everything says
 * so, and an empty search offers the countries that have hits. Demo catalogue, German texts.
 */

async function signIn(page: Page): Promise<void> {
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
}

/** The number at the start of a text such as "132 Medien in …". */
async function leadingNumber(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return Number(/^(\d+)/.exec(text)?.[1] ?? Number.NaN);
}

/** Home → Kaffee: cards of its subcategories with counts, and the total instead of "no media". */
async function expectKaffeeCountsItsSubcategories(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Kaffee/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaffee' })).toBeVisible();
  const total = page.getByText(/^\d+ Medien in den Unterkategorien von Kaffee$/);
  await expect(total).toBeVisible();
  expect(await leadingNumber(total)).toBeGreaterThan(0);
  await expect(page.getByText('Diese Kategorie enthält keine Medien.')).toHaveCount(0);

  const cards = page.getByRole('navigation', { name: 'Unterkategorien' }).getByRole('link');
  await expect(cards.filter({ hasText: 'Ganze Bohne' })).toContainText(/\d+ Medien/);
  const counts = await cards.evaluateAll((links) =>
    links.map((link) => Number(/(\d+) Medi/.exec(link.textContent ?? '')?.[1] ?? 0)),
  );
  expect(counts.length).toBeGreaterThan(1);
  expect(counts.every((count) => count > 0)).toBe(true);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('a top category and the admin tree count the assets of their subcategories', async ({ page }) => {
    await signIn(page);
    await expectKaffeeCountsItsSubcategories(page);
    await expectNoAxeViolations(page);

    await page.goto('/admin/catalogue');
    const germany = page.getByRole('link', { name: /^Deutschland, \d+ Assets$/ });
    await expect(germany).toBeVisible();
    expect(
      Number(/(\d+) Assets/.exec((await germany.getAttribute('aria-label')) ?? '')?.[1]),
    ).toBeGreaterThan(0);
    const kaffee = page.getByRole('link', { name: /^Kaffee, \d+ Assets$/ }).first();
    await expect(kaffee).toBeVisible();
    expect(Number(/(\d+) Assets/.exec((await kaffee.getAttribute('aria-label')) ?? '')?.[1])).toBeGreaterThan(
      0,
    );
    await expectNoAxeViolations(page);
  });

  test('search filters follow the country, say when they hide everything, and empty searches look in all countries', async ({
    page,
  }) => {
    await signIn(page);
    const searchbox = page.getByRole('banner').getByRole('combobox', { name: 'Suche' });
    await searchbox.fill('espresso');
    await searchbox.press('Enter');
    await expect(page).toHaveURL(/\/search\/espresso$/);
    const status = page.getByText(/^\d+ Ergebnisse? für „espresso“/);
    await expect(status).toBeVisible();

    // A filter of Germany, then Austria: the German category id leaves the URL and hits show.
    await page.getByRole('checkbox', { name: /^Kaffee \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\?cat=\d+$/);
    await expect(status).toBeVisible();
    await page.getByLabel('Land').click();
    await page.getByRole('option', { name: /Österreich/ }).click();
    await expect(page).toHaveURL(/\/search\/espresso$/);
    await expect(status).toBeVisible();
    await expect(page.getByText('0 Treffer mit Ihren Filtern')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A filter on Austria's tea: no espresso there, and one button takes the filter away.
    const teaHref = await page
      .getByRole('navigation', { name: 'Kategorien' })
      .getByRole('link', { name: /^Tee/ })
      .first()
      .getAttribute('href');
    const teaId = /^\/(\d+)$/.exec(teaHref ?? '')?.[1];
    expect(teaId).toBeDefined();
    await page.goto(`/search/espresso?cat=${teaId}`);
    await expect(page.getByText('0 Treffer mit Ihren Filtern')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Filter entfernen' }).click();
    await expect(page).toHaveURL(/\/search\/espresso$/);
    await expect(status).toBeVisible();

    // Only Swiss adverts are in French: nothing in Austria, hits in Switzerland on request.
    await searchbox.fill('französisch');
    await searchbox.press('Enter');
    await expect(page.getByText('Keine Ergebnisse für „französisch“.')).toBeVisible();
    await page.getByRole('button', { name: 'In allen Ländern suchen' }).click();
    const switzerland = page.getByRole('button', { name: /^Schweiz: \d+ Treffer$/ });
    await expect(switzerland).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Deutschland|Österreich): / })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await switzerland.click();
    await expect(page.getByLabel('Land')).toContainText('Schweiz');
    await expect(page.getByText(/^\d+ Ergebnisse? für „französisch“/)).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('a top category shows its subcategories as cards with counts on a phone', async ({ page }) => {
    await signIn(page);
    await expectKaffeeCountsItsSubcategories(page);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });
});
