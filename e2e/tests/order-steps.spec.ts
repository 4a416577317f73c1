import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE } from '../support/checks';
import { decideConsentUpFront, logIn } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * Issue 19, orders: the order form checks files and GTINs as they are entered, an order moves by
 * the next actions of its status under a stepper (none that skips the review), and "Alle anzeigen"
 * lists every order. On the desktop and on the phone; axe finds nothing on the form, the detail
 * and the list (the whole journey with two people and the mails is orders.spec.ts).
 */

const MEDIA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/test-fixtures/media',
);
const IMAGES = ['packshot-rgb.jpg', 'cutout-alpha.png'];

/** Waits until an image has really been decoded. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

/** The checks every screen of this test gets: axe on the whole page, and on the phone no sideways scroll. */
async function checkScreen(page: Page, phone: boolean): Promise<void> {
  await expectNoAxeViolations(page);
  if (phone) await expectNoHorizontalScroll(page);
}

/** The number in a tab's badge ("Alle anzeigen12" -> 12). */
async function tabCount(tab: Locator): Promise<number> {
  return Number(/(\d+)$/.exec((await tab.textContent()) ?? '')?.[1]);
}

for (const viewport of [DESKTOP, PHONE]) {
  const phone = viewport === PHONE;
  test(`order form, stepper with next actions and the full list at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await decideConsentUpFront(page);
    await page.goto('/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();

    // The form: a GTIN with a wrong check digit is refused with the digit it should have.
    await page.goto('/order/add');
    const main = page.getByRole('main');
    const orderName = `Espresso Stufen ${viewport.width} ${Date.now()}`;
    await main.getByRole('textbox', { name: 'Artikelname' }).fill(orderName);
    const gtin = main.getByRole('textbox', { name: 'GTIN', exact: true });
    await gtin.fill('4006067084220');
    await gtin.blur();
    await expect(main.getByText('Prüfziffer falsch: erwartet 5')).toBeVisible();
    await expect(gtin).toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, phone);
    await gtin.fill('4006067084225');
    await expect(main.getByText('Prüfziffer falsch: erwartet 5')).toHaveCount(0);
    await main.getByRole('button', { name: 'Weiter' }).click();

    // Files are checked as they are added: the bad ones say why at once, the images keep thumbnails.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      main.getByRole('button', { name: 'Dateien auswählen' }).click(),
    ]);
    await chooser.setFiles([
      ...IMAGES.map((name) => ({
        name,
        mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
        buffer: fs.readFileSync(path.join(MEDIA, name)),
      })),
      { name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('Bitte schnell') },
      { name: 'kaputt.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('kein Bild, nur Text') },
    ]);
    const refused = main.getByRole('list', { name: 'Nicht übernommene Dateien' });
    await expect(refused.getByRole('listitem').filter({ hasText: 'notizen.txt' })).toContainText(
      'Weder ein Bild noch ein Dokument',
    );
    await expect(refused.getByRole('listitem').filter({ hasText: 'kaputt.jpg' })).toContainText(
      'Der Inhalt ist kein Bild',
    );
    const chosen = main.getByRole('list', { name: 'Ausgewählte Dateien' });
    await expect(chosen.getByRole('listitem')).toHaveCount(IMAGES.length);
    for (const name of IMAGES) await expectLoaded(chosen.getByRole('img', { name: `Vorschau von ${name}` }));
    await checkScreen(page, phone);
    await main.getByRole('button', { name: 'Weiter' }).click();
    await main.getByRole('button', { name: 'Auftrag erstellen' }).click();
    await expect(main.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible({ timeout: 20_000 });
    await main.getByRole('link', { name: 'Zum Auftrag' }).click();

    // The detail: the stepper says where the order stands, and only its next actions are offered.
    await expect(main.getByRole('heading', { level: 1, name: orderName })).toBeVisible();
    const steps = main.getByRole('list', { name: 'Status des Auftrags' });
    const current = steps.locator('[aria-current="step"]');
    const actions = main.getByRole('group', { name: 'Nächste Schritte' }).getByRole('button');
    await expect(current).toContainText('In Bearbeitung');
    await expect(actions).toHaveText(['Zur Abnahme geben']);
    await checkScreen(page, phone);
    await actions.filter({ hasText: 'Zur Abnahme geben' }).click();
    await expect(current).toContainText('Bereit zur Abnahme');
    // No completing before the review.
    await expect(actions).toHaveText(['Freigeben', 'Korrektur anfordern']);
    await actions.filter({ hasText: 'Freigeben' }).click();
    await expect(current).toContainText('Akzeptiert');
    await expect(actions).toHaveText(['Abschließen']);
    await expect(steps.getByRole('listitem')).toHaveText([
      /In Bearbeitung/,
      /Bereit zur Abnahme/,
      /Akzeptiert/,
      /Erledigt/,
    ]);
    await checkScreen(page, phone);
    await actions.filter({ hasText: 'Abschließen' }).click();
    const complete = page.getByRole('dialog', { name: 'Auftrag abschließen?' });
    await expect(complete).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await complete.getByRole('button', { name: 'Abschließen' }).click();
    await expect(complete).toBeHidden();
    await expect(actions).toHaveCount(0);
    await expect(current).toHaveCount(0);

    // "Alle anzeigen" lists every order: as many as all status tabs together, this completed one too.
    await page.goto('/orders/4');
    const allTab = page.getByRole('tab', { name: /^Alle anzeigen/ });
    await expect(allTab).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Aufträge: Alle anzeigen' });
    await expect(table).toBeVisible();
    let sum = 0;
    for (const name of ['In Bearbeitung', 'Bereit zur Abnahme', 'Abgelehnt', 'Akzeptiert', 'Erledigt']) {
      sum += await tabCount(page.getByRole('tab', { name: new RegExp(`^${name} ?\\d`) }));
    }
    expect(await tabCount(allTab)).toBe(sum);
    await page.getByRole('combobox', { name: /Zeilen pro Seite/ }).click();
    await page.getByRole('option', { name: '25' }).click();
    await expect(table.getByRole('row')).toHaveCount(Math.min(sum, 25) + 1);
    const row = table.getByRole('row', { name: new RegExp(orderName) });
    await expect(row.getByRole('img', { name: 'Erledigt' })).toBeVisible();
    await checkScreen(page, phone);
  });
}
