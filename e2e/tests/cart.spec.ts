import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { decideConsentUpFront, logIn, logOut, uniqueEmail, openEspressoCategory } from '../support/pages';
import { linkFrom, mediabox, waitForMail } from '../support/portal';
import { zipEntryNames } from '../support/zip';

/**
 * The cart journey of spec 2.6–2.8 against the demo catalogue: collect from the grid and the asset
 * page, choose formats, download the zip, export the list, send the cart, find the message, and
 * download the mailed link as a guest.
 */

const PASSWORD = 'Warenkorb-Test-1';

async function openEspresso(page: Page): Promise<void> {
  await openEspressoCategory(page);
  await expect(page.getByText(/^\d+ Medien in Espresso$/)).toBeVisible();
}

async function savedBytes(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

test('collect, choose formats, download, list, send, and download the mailed link as a guest', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('lena');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Lena');
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Lena!' })).toBeVisible();
  const cartBadge = page.getByRole('banner').getByRole('button', { name: 'Warenkorb' });
  await expect(cartBadge).toBeDisabled();

  // From the grid: the first card.
  await openEspresso(page);
  const cards = page.getByRole('article');
  const first = (await cards.nth(0).getAttribute('aria-label'))!;
  const second = (await cards.nth(1).getAttribute('aria-label'))!;
  await cards
    .nth(0)
    .getByRole('button', { name: `${first} in den Warenkorb legen` })
    .click();
  await expect(
    cards.nth(0).getByRole('button', { name: `${first} aus dem Warenkorb entfernen` }),
  ).toBeVisible();
  await expect(cartBadge).toContainText('1');

  // From the asset page: the second one.
  await cards.nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Aus dem Warenkorb', exact: true }),
  ).toBeVisible();
  await expect(cartBadge).toContainText('2');

  // The quick view lists both and leads to the cart.
  await cartBadge.click();
  const preview = page.getByRole('presentation').getByRole('link');
  await expect(preview).toHaveText([first, second, 'Zum Warenkorb']);
  await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const table = page.getByRole('table', { name: 'Medien im Warenkorb' });
  await expect(table.getByRole('link')).toHaveText([first, second]);

  // Choose formats: every format of every asset, then one web image off again.
  const rowBoxes = table.locator('tbody input[type="checkbox"]');
  const allBoxes = table.locator('thead input[type="checkbox"]');
  for (let index = 0; index < (await allBoxes.count()); index += 1) {
    const box = allBoxes.nth(index);
    if (!(await box.isChecked())) {
      await box.click();
      await expect(box).toBeChecked();
    }
  }
  const webOfFirst = table.getByRole('checkbox', { name: `Bild (Web, JPEG) von ${first}` });
  await webOfFirst.click();
  await expect(webOfFirst).not.toBeChecked();
  await page.reload();
  await expect(webOfFirst).not.toBeChecked();
  const chosen = await rowBoxes.evaluateAll(
    (boxes) => boxes.filter((box) => (box as HTMLInputElement).checked).length,
  );
  expect(chosen).toBeGreaterThanOrEqual(2);

  // Download: the zip arrives in this page (issue 19.13: no stray window).
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  expect(context.pages()).toHaveLength(1);
  const zip = await savedBytes(zipDownload);
  expect(zipEntryNames(zip)).toHaveLength(chosen);
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);

  // The item list.
  const [list] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Artikelliste' }).click(),
  ]);
  expect(list.suggestedFilename()).toBe('artikeluebersicht.xlsx');
  expect((await savedBytes(list)).subarray(0, 2).toString()).toBe('PK');

  // The downloads badge now counts the bundle.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Downloads' })).toContainText('1');

  // Send.
  const recipient = uniqueEmail('agentur');
  await page.getByRole('button', { name: 'Versenden' }).click();
  await expect(page.getByRole('dialog', { name: 'Warenkorb versenden' })).toBeVisible();
  // Its name changes with the success title, so it is held by role alone.
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Senden' });
  await dialog.getByLabel('Empfänger').fill('agentur@');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Empfänger').fill(recipient);
  await dialog.getByLabel('Betreff').fill('Bilder für die Kampagne');
  await dialog.getByLabel('Nachricht').fill('Hallo,\nhier die Bilder.');
  await send.click();
  await expect(dialog.getByRole('heading', { name: 'Der Warenkorb wurde versendet.' })).toBeVisible();
  await expect(dialog.getByLabel('Empfänger')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  // The message is listed.
  await page.getByRole('banner').getByRole('link', { name: 'Nachrichten' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  const panel = page.getByRole('button', { name: new RegExp(`An ${recipient.replace(/[.+]/g, '\\$&')}`) });
  await expect(panel).toContainText(/2 Artikel/);
  await panel.click();
  await expect(page.getByText('Bilder für die Kampagne')).toBeVisible();

  // The mailed link works for a guest.
  const mail = await waitForMail(recipient, /Bilder für die Kampagne/);
  const link = linkFrom(mail, `${baseURL}/download/`);
  await logOut(page);
  const [guestDownload] = await Promise.all([page.waitForEvent('download'), page.goto(link)]);
  expect(zipEntryNames(await savedBytes(guestDownload))).toHaveLength(chosen);
  await expect(page.getByRole('heading', { name: 'Ihr Download startet automatisch.' })).toBeVisible();

  // An unknown link reads 'Ungültiger Link'.
  await page.goto('/download/AAAAAAAAAAAAAAAAAAAAAA.zip');
  await expect(page.getByRole('heading', { name: 'Ungültiger Link' })).toBeVisible();
});
