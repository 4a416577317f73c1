import { expect, test, type Page } from '@playwright/test';
import { decideConsentUpFront, logIn, uniqueEmail } from '../support/pages';
import { ADMIN, mediabox } from '../support/portal';

/**
 * Issue 22 in the browser: a partner filters a search, selects 20 results with one click and a
 * Shift-click, collects them in a named list and shares it; a colleague finds it under "Mit mir
 * geteilt". A super user moves 50 results to another category in one bulk change and undoes it.
 */

const PASSWORD = 'Viele-Medien-1';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
}

/** The search for "kaffee" as one card per file, narrowed to assets with a GTIN. */
async function searchCoffeeWithGtin(page: Page): Promise<void> {
  await page.goto('/search/kaffee?view=files');
  const filters = page.getByRole('group', { name: 'Ergebnisse filtern und sortieren' });
  const withGtin = filters.getByRole('button', { name: /^Mit GTIN \(\d+\)$/ });
  await withGtin.click();
  await expect(page).toHaveURL(/[?&]gtin=with/);
  await expect(withGtin).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: /Ergebnisse für „kaffee“/ })).toBeVisible();
}

/** The grid renders the rows near the screen only: scrolls until card `index` (0-based) is there. */
async function revealCard(page: Page, index: number): Promise<void> {
  const card = page.getByRole('article').nth(index);
  for (let round = 0; round < 20 && (await card.count()) === 0; round += 1) await page.mouse.wheel(0, 400);
  await card.scrollIntoViewIfNeeded();
}

const selectionCount = (page: Page) => page.getByRole('region', { name: 'Auswahl' }).getByRole('status');

/** Checks the first card's box and Shift-clicks the box of card `last` (1-based): a range. */
async function selectRange(page: Page, last: number): Promise<string[]> {
  const cards = page.getByRole('article');
  const names: string[] = [];
  await cards.first().getByRole('checkbox').click();
  for (let index = 0; index < last; index += 1) {
    await revealCard(page, index);
    names.push((await cards.nth(index).getAttribute('aria-label'))!);
  }
  await cards
    .nth(last - 1)
    .getByRole('checkbox', { name: `Auswählen: ${names[last - 1]}` })
    .click({ modifiers: ['Shift'] });
  await expect(selectionCount(page)).toHaveText(`${last} ausgewählt`);
  return names;
}

test('filter, Shift-select 20, collect them in a shared list, and a colleague opens it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail('lena');
  const colleague = uniqueEmail('omar');
  mediabox('user', 'add', '--email', owner, '--password', PASSWORD, '--firstname', 'Lena');
  mediabox('user', 'add', '--email', colleague, '--password', PASSWORD, '--firstname', 'Omar');
  await signIn(page, owner, PASSWORD);

  await searchCoffeeWithGtin(page);
  const names = await selectRange(page, 20);
  // Every card between the two clicks is checked, not only the clicked ones.
  await expect(page.getByRole('article').nth(18).getByRole('checkbox')).toBeChecked();

  const bar = page.getByRole('region', { name: 'Auswahl' });
  await bar.getByRole('button', { name: 'Zur Liste hinzufügen' }).click();
  await page.getByRole('menu', { name: 'Listen' }).getByText('Neue Liste …').click();
  const listName = `Messe Frühjahr 2027 ${Date.now()}`;
  await page.getByLabel('Name der Liste').fill(listName);
  await page.getByRole('button', { name: 'Anlegen' }).click();
  await expect(page.getByText(`Zur Liste „${listName}“ hinzugefügt.`)).toBeVisible();

  await page.goto('/lists');
  await page.getByRole('link', { name: listName }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  await page.getByRole('button', { name: 'Teilen' }).click();
  const share = page.getByRole('dialog', { name: 'Liste teilen' });
  await share.getByLabel('E-Mail-Adresse').fill(colleague);
  await share.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Liste geteilt.')).toBeVisible();
  await share.getByRole('button', { name: 'Schließen' }).click();

  // The colleague, in a browser of his own, sees the list read-only with the 20 assets.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, colleague, PASSWORD);
  await other.goto('/lists');
  const shared = other.getByRole('region', { name: 'Mit mir geteilt' });
  await shared.getByRole('link', { name: listName }).click();
  await expect(other.getByText(/^Von .+ mit Ihnen geteilt\./)).toBeVisible();
  const items = other.getByRole('list', { name: 'Medien der Liste' });
  await expect(items.getByRole('listitem')).toHaveCount(20);
  for (const name of [names[0]!, names[19]!])
    await expect(items.getByRole('listitem', { name }).first()).toBeVisible();
  await expect(other.getByRole('button', { name: 'Teilen' })).toHaveCount(0);
  await context.close();
});

test('a super user moves 50 search results to another category in one bulk change and undoes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await searchCoffeeWithGtin(page);
  // One box, then Ctrl+A: every loaded result (the first page of 50).
  const firstCard = page.getByRole('article').first();
  const firstName = (await firstCard.getAttribute('aria-label'))!;
  const firstAsset = (await firstCard.getByRole('link').first().getAttribute('href'))!;
  await firstCard.getByRole('checkbox', { name: `Auswählen: ${firstName}` }).click();
  await page.keyboard.press('Control+a');
  await expect(selectionCount(page)).toHaveText('50 ausgewählt');

  const bar = page.getByRole('region', { name: 'Auswahl' });
  await bar.getByRole('button', { name: 'Sammeländerung' }).click();
  await page.getByRole('menuitem', { name: 'In andere Kategorie verschieben …' }).click();
  const dialog = page.getByRole('dialog', { name: 'In andere Kategorie verschieben …' });
  await expect(dialog.getByText('50 Medien ausgewählt.')).toBeVisible();
  await dialog.getByLabel('Ziel-Kategorie').fill('Werbemittel');
  await page.getByRole('option', { name: 'Deutschland › Werbemittel', exact: true }).click();
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(dialog.getByText('50 Medien verschieben nach „Deutschland › Werbemittel“?')).toBeVisible();
  await dialog.getByRole('button', { name: '50 Medien ändern' }).click();
  const notice = page.getByRole('alert').filter({ hasText: /50 Medien geändert/ });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // The selection stays, for a next change or the undo.
  await expect(selectionCount(page)).toHaveText('50 ausgewählt');

  // The first of them now lives in Werbemittel…
  const assetPage = await page.context().newPage();
  await assetPage.goto(firstAsset);
  await expect(assetPage.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(assetPage.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText(
    'Werbemittel',
  );

  // …until the undo puts all 50 back where they were.
  await notice.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Rückgängig gemacht: 50 Medien wie vorher.' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await assetPage.reload();
  await expect(assetPage.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(assetPage.getByRole('navigation', { name: 'Brotkrümelnavigation' })).not.toContainText(
    'Werbemittel',
  );
  await assetPage.close();
});
