import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { decideConsentUpFront, logIn, openEspressoCategory } from '../support/pages';
import { ADMIN } from '../support/portal';

/** The demo catalogue is loaded before the server starts (see playwright.config.ts). */
async function signIn(page: Page): Promise<void> {
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
}

test.beforeEach(async ({ page }) => signIn(page));

test('browse from the home page through categories to an asset and download it', async ({ page }) => {
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Kaffee/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaffee' })).toBeVisible();

  const subcategories = page.getByRole('navigation', { name: 'Unterkategorien' });
  await subcategories.getByRole('link', { name: 'Ganze Bohne' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ganze Bohne' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Unterkategorien' })
    .getByRole('link', { name: 'Espresso' })
    .click();
  await expect(page.getByText(/^\d+ Medien in Espresso$/)).toBeVisible();

  const firstCard = page.getByRole('article').first();
  const name = (await firstCard.getAttribute('aria-label')) ?? '';
  await firstCard.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/asset\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();

  // The large preview was rendered by the media job and is delivered through a signed ticket.
  const preview = page.getByRole('img', { name: `Vorschau von ${name}` });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const downloads = page.getByRole('table').filter({ hasText: 'Dateigröße' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('link', { name: /Bild \(Web, JPEG\) herunterladen/ }).click(),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
});

test('search loads more results while scrolling and filters by category', async ({ page }) => {
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Suche' });
  await search.fill('kaffee');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\/kaffee$/);
  // A card per file: 50 of them fill more than a screen, so the next page waits for the scrolling.
  // (Products, the default, fold the results into fewer cards and further pages may come at once:
  // the page is opened afresh as files.)
  await page.goto('/search/kaffee?view=files');
  await expect(page.getByText(/^50 Ergebnisse für „kaffee“/)).toBeVisible();

  await page.mouse.wheel(0, 20_000);
  await expect(page.getByText(/^100 Ergebnisse für „kaffee“/)).toBeVisible();
  for (let round = 0; round < 10; round += 1) {
    if (await page.getByText('Keine weiteren Ergebnisse.').isVisible()) break;
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(300);
  }
  await expect(page.getByText('Keine weiteren Ergebnisse.')).toBeVisible();

  const filter = page.getByRole('checkbox', { name: /^Logos \(\d+\)$/ });
  // The filter lives in the URL; the page re-renders with the new search, so click and then look.
  await filter.click();
  await expect(page).toHaveURL(/[?&]cat=\d+/);
  await expect(filter).toBeChecked();
  await expect(page.getByText(/^\d Ergebnisse? für „kaffee“/)).toBeVisible();
});

test('switching the country shows that country’s categories', async ({ page }) => {
  const cards = page.getByRole('main').getByRole('link');
  const germanTargets = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  await page.getByLabel('Land').click();
  await page.getByRole('option', { name: /Österreich/ }).click();
  await expect
    .poll(async () => cards.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
    .not.toEqual(germanTargets);
  await page.reload();
  await expect(page.getByLabel('Land')).toContainText('Österreich');
});

test('the list view shows dates and is remembered', async ({ page }) => {
  await openEspressoCategory(page);
  await page.getByRole('button', { name: 'Listenansicht' }).click();
  await expect(page.getByRole('columnheader', { name: 'Hochgeladen am' })).toBeVisible();
  await expect(page.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Hochgeladen am' })).toBeVisible();
});

test.describe('dates and sizes in the reader’s language (issue 19.7)', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  /** `DD.MM.YYYY HH:mm` in Berlin time, worked out here, not by the app. */
  const berlinMinute = (iso: string): string => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
    return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
  };

  test('the list shows upload times to the minute, and French sizes in Ko and Mo', async ({ page }) => {
    // The upload times as the server sends them, from the category's asset lists.
    const uploaded = new Map<string, string>();
    page.on('response', async (response) => {
      if (!/\/api\/assets\/\d+/.test(response.url()) || !response.ok()) return;
      const answer = (await response.json()) as { results: { id: number; creationDate: string }[] };
      for (const asset of answer.results) uploaded.set(String(asset.id), asset.creationDate);
    });
    await openEspressoCategory(page);
    await page.getByRole('button', { name: 'Listenansicht' }).click();
    await expect(page.getByRole('columnheader', { name: 'Hochgeladen am' })).toBeVisible();

    const links = page.getByRole('main').getByRole('row').getByRole('link');
    await expect(links.first()).toBeVisible();
    const hrefs = [
      ...new Set(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''))),
    ].filter((href) => /\/asset\/\d+$/.test(href));
    expect(hrefs.length).toBeGreaterThan(1);
    // Each row's time against the asset's own upload time: hours and seconds would match only by chance.
    for (const href of hrefs.slice(0, 3)) {
      const creationDate = uploaded.get(href.split('/').at(-1) ?? '');
      expect(creationDate).toBeDefined();
      const row = page.getByRole('row').filter({ has: page.locator(`a[href="${href}"]`) });
      await expect(row.getByRole('cell').filter({ hasText: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/ })).toHaveText(
        berlinMinute(creationDate ?? ''),
      );
    }

    // In French the asset page gives sizes in octets, with a decimal comma.
    await page.evaluate(() => localStorage.setItem('lang', 'fr'));
    await page.goto(hrefs[0] ?? '/');
    await expect(page.getByRole('columnheader', { name: 'Taille du fichier' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^\d+(,\d)? (Ko|Mo)$/ }).first()).toBeVisible();
  });
});
