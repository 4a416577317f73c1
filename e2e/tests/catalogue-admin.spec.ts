import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { decideConsentUpFront, logIn, openProfileMenu } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * The catalogue part of /admin (issue 6): the administrator makes a category, drops a GS1-named
 * image into it, finds the product by its GTIN in search, downloads it, and sees the downloads in
 * the insights. Everything happens in Switzerland, which no other journey looks at.
 */

const IMAGE = fileURLToPath(
  new URL('../../apps/server/test-fixtures/media/gs1/04006067084218_C1C1.jpg', import.meta.url),
);
/** A GTIN the demo catalogue does not use (check digit 0), with version 1 and variant 2 in the name. */
const GTIN = '07612345678900';
const FILE_NAME = `${GTIN}_C1C1_s01_v02.jpg`;
const ASSET_NAME = `${GTIN} Vorderseite mit Perspektive`;

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

/** Drops files on an element the way a browser does: dragenter, dragover, drop with a DataTransfer. */
async function dropFiles(page: Page, target: Locator, files: { name: string; path: string }[]) {
  const payload = files.map((file) => ({
    name: file.name,
    base64: fs.readFileSync(file.path).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: 'image/jpeg' }));
    }
    return transfer;
  }, payload);
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
}

async function downloadsTotal(page: Page): Promise<number> {
  await page.goto('/admin/insights');
  // The card's second paragraph is the number (the first is its caption).
  const total = page
    .getByRole('list', { name: 'Summen des Zeitraums' })
    .getByRole('listitem')
    .filter({ hasText: 'Downloads' })
    .getByRole('paragraph')
    .last();
  await expect(total).toHaveText(/^\d[\d.]*$/);
  return Number((await total.textContent())!.replace(/\./g, ''));
}

test('the administrator uploads a GS1 image into a new category, finds it by GTIN, and sees its downloads', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  const downloadsBefore = await downloadsTotal(page);

  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await page.getByRole('tab', { name: /^Katalog/ }).click();
  const tree = page.getByRole('navigation', { name: 'Kategorien' });
  await tree.getByRole('link', { name: /^Schweiz,/ }).click();

  // A new category, named in all three languages.
  await page.getByRole('button', { name: 'Neue Unterkategorie' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Deutsch').fill('Neuheiten Herbst');
  await dialog.getByLabel('English').fill('New in autumn');
  await dialog.getByLabel('Français').fill('Nouveautés d’automne');
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(page.getByText('Kategorie Neuheiten Herbst angelegt.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Neuheiten Herbst' })).toBeVisible();

  // Dropped in: the GS1 name fills GTIN, view, version and variant.
  await dropFiles(page, page.getByLabel('GS1-benannte Bilder hier ablegen oder Dateien auswählen'), [
    { name: FILE_NAME, path: IMAGE },
  ]);
  const results = page.getByRole('table', { name: 'Ergebnis des Hochladens' });
  const row = results.getByRole('row').filter({ hasText: FILE_NAME });
  // A retry finds the asset its first try made: the same file then updates it.
  await expect(row).toContainText(testInfo.retry === 0 ? 'Neu' : 'Aktualisiert');
  await expect(row).toContainText(GTIN);
  await expect(row).toContainText('Vorderseite mit Perspektive');
  await expect(page.getByRole('table', { name: /^Assets von Neuheiten Herbst/ })).toContainText(ASSET_NAME);

  // Partners in Switzerland find it by its GTIN.
  await page.goto('/');
  await page.getByLabel('Land').click();
  await page.getByRole('option', { name: /Schweiz/ }).click();
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Suche' });
  await search.fill(GTIN);
  await search.press('Enter');
  const card = page.getByRole('article', { name: ASSET_NAME });
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: ASSET_NAME })).toBeVisible();
  await expect(page.getByText('Neuheiten Herbst').first()).toBeVisible();

  // Two downloads of the original …
  const table = page.getByRole('table').filter({ hasText: 'Dateigröße' });
  for (let i = 0; i < 2; i += 1) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('link', { name: /Bild \(Web, JPEG\) herunterladen/ }).click(),
    ]);
    expect(fs.readFileSync(await download.path())).toEqual(fs.readFileSync(IMAGE));
  }

  // … are in the insights: the total and the ranking of the most downloaded assets.
  // Each poll loads the insights page anew: on a loaded machine one load can take most of the default 10 s.
  await expect.poll(() => downloadsTotal(page), { timeout: 45_000 }).toBe(downloadsBefore + 2);
  await expect(page.getByRole('link', { name: ASSET_NAME })).toBeVisible();
});
