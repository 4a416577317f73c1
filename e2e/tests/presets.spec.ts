import fs from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { decideConsentUpFront, logIn, openEspressoCategory, uniqueEmail } from '../support/pages';
import { jpegPixelSize } from '../support/jpeg';
import { mediabox } from '../support/portal';
import { zipEntryBytes, zipEntryNames } from '../support/zip';

/**
 * Issue 21.2–21.4 in the browser: a partner chooses the online-shop preset on an asset page, sees
 * in the cart what it will deliver and what it does to the picture, adds the marketplace preset for
 * all items, and downloads a zip whose converted JPEGs have the presets' pixel sizes and names.
 */

const PASSWORD = 'Vorgaben-Test-1';
const SHOP = 'Onlineshop (1000 px, weiß)';
const MARKETPLACE = 'Marktplatz (2000 px, weiß)';

const savedBytes = async (download: Download) => fs.readFileSync(await download.path());

test('choose presets on the asset page and for all, see the verdicts, download the converted files', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('pia');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Pia');
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);

  // The asset page offers the active presets; choosing one puts the asset in the cart with it.
  await openEspressoCategory(page);
  const card = page.getByRole('article').first();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const presets = page.getByRole('region', { name: 'Für Kanäle aufbereiten' });
  await presets.getByRole('button', { name: `In den Warenkorb: ${SHOP}` }).click();
  await expect(page.getByText('Vorgabe für 1 Medium gewählt.')).toBeVisible();
  await expect(presets.getByRole('button', { name: `Im Warenkorb: ${SHOP}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The cart says what will be delivered and what the conversion does, before anything is made.
  await page.goto('/cart');
  const table = page.getByRole('table', { name: 'Medien im Warenkorb' });
  await expect(table.getByText('1000 × 1000 px · JPEG · sRGB · 72 dpi')).toBeVisible();
  await expect(
    table.getByText(/^(Passt|Wird vergrößert: Quelle \d+ × \d+ px, Vorgabe braucht 1000 × 1000 px)$/),
  ).toBeVisible();

  // "For all": the marketplace preset for every item.
  await page.getByRole('button', { name: 'Vorgabe für alle' }).click();
  await page.getByRole('menuitem', { name: `${MARKETPLACE} allen hinzufügen` }).click();
  await expect(table.getByText('2000 × 2000 px · JPEG · sRGB · 72 dpi')).toBeVisible();

  // The download waits for the converted files, then delivers them under their preset's names.
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Herunterladen' }).click(),
  ]);
  const zip = await savedBytes(zipDownload);
  const names = zipEntryNames(zip);
  expect(names).toHaveLength(2);
  const shopName = names.find((entry) => entry.endsWith('_shop.jpg'))!;
  const marketplaceName = names.find((entry) => entry.endsWith('_marketplace.jpg'))!;
  expect(jpegPixelSize(zipEntryBytes(zip, shopName))).toEqual({ width: 1000, height: 1000 });
  expect(jpegPixelSize(zipEntryBytes(zip, marketplaceName))).toEqual({ width: 2000, height: 2000 });
});
