import fs from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectNoAxeViolations, expectNoHorizontalScroll } from '../support/checks';
import { decideConsentUpFront, logIn, openEspressoCategory, uniqueEmail } from '../support/pages';
import { mediabox } from '../support/portal';
import { zipEntryNames } from '../support/zip';

/**
 * Issue 19.1 and the cart parts of 19.13: the cart on a phone (cards with thumbnail, whole name and
 * format chips, a bottom bar with the totals and the actions) and on a desktop (thumbnails and totals
 * in the table); an item whose last format is unticked says why it stays; a download starts in the
 * page, without a stray tab, and says so.
 */

const PASSWORD = 'Warenkorb-Handy-1';
/** Enough cards that the list is taller than a phone screen, so the bar has to stick. */
const ITEMS = 5;
const TOTALS = new RegExp(`^${ITEMS} Artikel · \\d+(,\\d)? (KB|MB)$`);
const NO_FORMAT = /^Kein Format gewählt: Das Medium bleibt im Warenkorb/;

/** A new user with the first `ITEMS` espresso assets in the cart (added from the grid); their names. */
async function userWithCart(page: Page, name: string): Promise<string[]> {
  const email = uniqueEmail(name);
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', name);
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: `Willkommen, ${name}!` })).toBeVisible();
  await openEspressoCategory(page);
  const cards = page.getByRole('article');
  const names: string[] = [];
  for (let index = 0; index < ITEMS; index += 1) {
    const assetName = (await cards.nth(index).getAttribute('aria-label'))!;
    await cards
      .nth(index)
      .getByRole('button', { name: `${assetName} in den Warenkorb legen` })
      .click();
    await expect(
      cards.nth(index).getByRole('button', { name: `${assetName} aus dem Warenkorb entfernen` }),
    ).toBeVisible();
    names.push(assetName);
  }
  return names;
}

/** The pressed state of the format chips in `scope`, in order. */
const pressed = (chips: Locator) =>
  chips.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-pressed') === 'true'));

/** Downloads the cart with `button`: a zip arrives in this page, no page opens, and the page says so. */
async function downloadWithoutNewPage(
  page: Page,
  context: BrowserContext,
  button: Locator,
): Promise<string[]> {
  const pagesBefore = context.pages().length;
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await expect(page.getByRole('status').filter({ hasText: 'Download startet …' })).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(context.pages()).toHaveLength(pagesBefore);
  await expect(page).toHaveURL(/\/cart$/);
  return zipEntryNames(fs.readFileSync(await download.path()));
}

test('phone: the cart as cards with chips, totals and a sticky bar; last format explained; download in the page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const names = await userWithCart(page, 'Pia');
  await page.setViewportSize(PHONE);
  await page.goto('/cart');

  const list = page.getByRole('list', { name: 'Medien im Warenkorb' });
  await expect(list.getByRole('listitem')).toHaveCount(ITEMS);
  await expect(page.getByRole('table')).toHaveCount(0);
  const first = list.getByRole('listitem', { name: names[0] });
  // The whole name in one link, given the width left of the thumbnail (not a letter column).
  await expect(first.getByRole('link', { name: names[0], exact: true })).toHaveText(names[0]!);
  const nameBox = (await first.getByRole('link', { name: names[0], exact: true }).boundingBox())!;
  expect(nameBox.width).toBeGreaterThan(150);
  await expect(first.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await first.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);

  // The bar sticks to the bottom of the screen although the list runs below it.
  const bar = page.getByRole('region', { name: 'Aktionen des Warenkorbs' });
  await expect(bar).toBeInViewport();
  const barBox = (await bar.boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1);
  await expect(list.getByRole('listitem').last()).not.toBeInViewport();
  const totals = bar.getByText(TOTALS);
  await expect(totals).toBeVisible();
  for (const action of ['Herunterladen', 'Artikelliste', 'Versenden'])
    await expect(bar.getByRole('button', { name: action })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  // A chip per format: ticking another one adds to the size, unticking it takes it off again.
  const chips = first.getByRole('button', { name: new RegExp(` von ${names[0]}$`) });
  expect(await pressed(chips)).toEqual([true, ...Array((await chips.count()) - 1).fill(false)]);
  const sizeBefore = await totals.textContent();
  if ((await chips.count()) > 1) {
    await chips.nth(1).click();
    await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(totals).not.toHaveText(sizeBefore!);
    await chips.nth(1).click();
    await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'false');
    await expect(totals).toHaveText(sizeBefore!);
  }

  // Unticking the last format: the item stays and says why, also after a reload.
  const second = list.getByRole('listitem', { name: names[1] });
  await expect(second.getByText(NO_FORMAT)).toHaveCount(0);
  const secondChips = second.getByRole('button', { name: new RegExp(` von ${names[1]}$`) });
  await secondChips.first().click();
  await expect(secondChips.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(second.getByText(NO_FORMAT)).toBeVisible();
  await expect(totals).not.toHaveText(sizeBefore!);
  await page.reload();
  await expect(second.getByText(NO_FORMAT)).toBeVisible();
  expect(await pressed(secondChips)).not.toContain(true);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  // Download from the bar: the four items with a format, in this page.
  const entries = await downloadWithoutNewPage(
    page,
    context,
    bar.getByRole('button', { name: 'Herunterladen' }),
  );
  expect(entries).toHaveLength(ITEMS - 1);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('desktop: thumbnails and totals in the table; last format explained; download in the page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const names = await userWithCart(page, 'Jonas');
  await page.goto('/cart');

  const table = page.getByRole('table', { name: 'Medien im Warenkorb' });
  await expect(table.getByRole('link')).toHaveText(names);
  const firstRow = table.getByRole('row').filter({ hasText: names[0] });
  await expect(firstRow.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await firstRow.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);
  const totals = page.getByRole('main').getByText(TOTALS);
  await expect(totals).toBeVisible();
  await expectNoAxeViolations(page);

  const sizeBefore = await totals.textContent();
  const web = table.getByRole('checkbox', { name: `Bild (Web, JPEG) von ${names[0]}` });
  await web.click();
  await expect(web).not.toBeChecked();
  await expect(firstRow.getByText(NO_FORMAT)).toBeVisible();
  await expect(totals).not.toHaveText(sizeBefore!);
  await expectNoAxeViolations(page);

  const entries = await downloadWithoutNewPage(
    page,
    context,
    page
      .getByRole('group', { name: 'Aktionen des Warenkorbs' })
      .getByRole('button', { name: 'Herunterladen' }),
  );
  expect(entries).toHaveLength(ITEMS - 1);
  await expectNoAxeViolations(page);
});
