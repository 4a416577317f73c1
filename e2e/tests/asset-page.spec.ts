import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectNoAxeViolations, expectNoHorizontalScroll } from '../support/checks';
import { decideConsentUpFront, logIn, openEspressoCategory } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * Issue 19, items 2, 4 (list view), 9 and 10: the asset page, the result cards and the list view,
 * on a phone and on a desktop. The demo catalogue's Espresso category has names long enough to wrap.
 */

async function signInAndOpenEspresso(page: Page): Promise<void> {
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
  await openEspressoCategory(page);
  await expect(page.getByText(/^\d+ Medien in Espresso$/)).toBeVisible();
}

/** The box of an element, which must lie wholly inside the window's width. */
async function expectInsideWidth(
  locator: Locator,
  width: number,
): Promise<{ x: number; y: number; width: number }> {
  const box = (await locator.boundingBox())!;
  expect(box.x, 'starts inside the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends inside the window').toBeLessThanOrEqual(width);
  return box;
}

/** A name is cut after two full lines at most, and a hover shows all of it. */
async function expectTwoLinesAndTooltip(page: Page, name: Locator, fullName: string): Promise<void> {
  const lines = await name.evaluate((element) => {
    const style = getComputedStyle(element);
    return { clamp: style.webkitLineClamp, height: element.clientHeight, line: parseFloat(style.lineHeight) };
  });
  expect(lines.clamp).toBe('2');
  expect(Math.round(lines.height / lines.line)).toBe(2);
  // The tooltip's code comes a moment after the page: hover again until it answers.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await name.hover();
    await expect(page.getByRole('tooltip')).toHaveText(fullName, { timeout: 1_000 });
  }).toPass();
  await page.mouse.move(0, 0);
}

/** Breadcrumb: home, the categories once each, and the asset itself at the end. */
async function expectBreadcrumbOnce(page: Page, assetName: string): Promise<void> {
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await expect(breadcrumb.getByRole('listitem')).toHaveText([
    'Startseite',
    'Kaffee',
    'Ganze Bohne',
    'Espresso',
    assetName,
  ]);
}

async function expectColourSpaceLabel(page: Page): Promise<void> {
  const details = page.getByRole('table', { name: 'Details' });
  await expect(details.getByRole('row', { name: /^Farbraum/ }).getByRole('cell')).toHaveText('sRGB');
}

/** The removal request is a quiet text button, after the main actions. */
async function expectQuietRemoval(page: Page, mainAction: Locator): Promise<void> {
  const removal = page.getByRole('button', { name: 'Entfernung beantragen' });
  await expect(removal).toHaveClass(/MuiButton-text/);
  await expect(removal).not.toHaveClass(/MuiButton-contained|MuiButton-outlined/);
  const removalTop = (await removal.boundingBox())!.y;
  expect(removalTop).toBeGreaterThan((await mainAction.boundingBox())!.y);
}

/** Adds the asset with the labelled button, then takes it out again so the cart is as before. */
async function expectLabelledCartButton(page: Page, width: number): Promise<void> {
  const add = page.getByRole('main').getByRole('button', { name: 'In den Warenkorb', exact: true });
  await expect(add).toBeVisible();
  await expect(add).toHaveText('In den Warenkorb');
  await expect(add.locator('svg')).toHaveCount(1);
  await expectInsideWidth(add, width);
  await add.click();
  const remove = page.getByRole('main').getByRole('button', { name: 'Aus dem Warenkorb', exact: true });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(add).toBeVisible();
}

test('on a phone: cards, list view and asset page fit the screen and keep their main actions in reach', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInAndOpenEspresso(page);

  // Grid: a card's name shows two full lines and all of it in a tooltip.
  const firstCard = page.getByRole('article').first();
  const cardName = (await firstCard.getAttribute('aria-label'))!;
  await expectTwoLinesAndTooltip(page, firstCard.getByRole('link', { name: cardName }), cardName);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  // List view: compact rows whose name is readable and whose downloads and cart button are in reach.
  await page.getByRole('button', { name: 'Listenansicht' }).click();
  const list = page.getByRole('table', { name: 'Medien in Espresso' });
  await expect(list.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  const firstRow = list.getByRole('row').nth(1);
  const rowName = firstRow.getByRole('link', { name: cardName });
  await expect(rowName).toBeVisible();
  expect((await expectInsideWidth(rowName, PHONE.width)).width).toBeGreaterThan(180);
  await expectInsideWidth(
    firstRow.getByRole('button', { name: `${cardName} in den Warenkorb legen` }),
    PHONE.width,
  );
  const downloads = firstRow.getByRole('button', { name: `Downloads für ${cardName}` });
  await expectInsideWidth(downloads, PHONE.width);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await downloads.click();
  await expect(page.getByRole('menuitem', { name: /^Bild \(Web, JPEG\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  // The view is a remembered preference: back to the grid, the default other tests expect.
  await page.getByRole('button', { name: 'Rasteransicht' }).click();

  // Asset page.
  await page.getByRole('article').first().getByRole('link', { name: cardName }).click();
  await expect(page.getByRole('heading', { level: 1, name: cardName })).toBeVisible();
  await expectBreadcrumbOnce(page, cardName);
  await expectColourSpaceLabel(page);
  await expectLabelledCartButton(page, PHONE.width);

  // Downloads: one full-width button per file, with format and size, wholly on screen.
  const section = page.getByRole('region', { name: 'Download-Optionen' });
  const buttons = section.getByRole('link', { name: /herunterladen/ });
  await expect(buttons).toHaveCount(2);
  for (const button of await buttons.all()) {
    await button.scrollIntoViewIfNeeded();
    expect((await expectInsideWidth(button, PHONE.width)).width).toBeGreaterThan(PHONE.width - 60);
    // Format, colour space and dpi as read from the file (issue 21.6), then pixel size and file size.
    await expect(button).toContainText(
      /(JPEG|PNG) · (sRGB|CMYK|Graustufen) · .*\d+ × \d+ px · [\d,]+ (KB|MB)/,
    );
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: /^Bild \(Web, JPEG\) herunterladen/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);
  await expectQuietRemoval(page, buttons.last());

  // "Mehr aus dieser Kategorie": two lines of name and a tooltip, like the cards.
  const strip = page.getByRole('region', { name: 'Mehr aus dieser Kategorie' });
  const stripLink = strip.getByRole('link').first();
  await stripLink.scrollIntoViewIfNeeded();
  const stripName = stripLink.locator('p');
  const stripText = (await stripName.textContent())!;
  expect(stripText.length).toBeGreaterThan(30);
  await expectTwoLinesAndTooltip(page, stripName, stripText);

  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});

test('on a desktop: card names show two lines and a tooltip; the asset page has a labelled cart button and quiet removal', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAndOpenEspresso(page);

  // Narrow desktop cards cut long names: two full lines, the rest in the tooltip.
  const firstCard = page.getByRole('article').first();
  const cardName = (await firstCard.getAttribute('aria-label'))!;
  const nameLink = firstCard.getByRole('link', { name: cardName });
  expect(await nameLink.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expectTwoLinesAndTooltip(page, nameLink, cardName);

  await nameLink.click();
  await expect(page.getByRole('heading', { level: 1, name: cardName })).toBeVisible();
  await expectBreadcrumbOnce(page, cardName);
  await expectColourSpaceLabel(page);
  await expectLabelledCartButton(page, DESKTOP.width);
  // The table fits here and stays: format, pixel and file size in their columns.
  const table = page.getByRole('table', { name: 'Download-Optionen' });
  await expect(table.getByRole('columnheader', { name: 'Dateigröße' })).toBeVisible();
  await expectQuietRemoval(page, table);
  await expectNoAxeViolations(page);
});
