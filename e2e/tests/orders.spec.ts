import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { decideConsentUpFront, logIn, logOut, openProfileMenu, uniqueEmail } from '../support/pages';
import { expectNoAxeViolations } from '../support/checks';
import { ADMIN, linkFrom, mediabox, waitForMail } from '../support/portal';

/**
 * The packshot order journey of spec 2.10, 4 and 6 against the real portal: an internal (jde) user
 * orders packshots with two images, the super user gives them for review, the creator asks for a
 * correction, the super user gives them for review again, the creator accepts, the super user
 * completes the order with notification, and the history tells every step. Each step is one of the
 * order's next actions under its status stepper (issue 19). Two people, two browser contexts; the mails are read from the real outbox.
 */

const PASSWORD = 'Auftrag-Test-1';
const MEDIA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/test-fixtures/media',
);
const IMAGES = ['packshot-rgb.jpg', 'cutout-alpha.png'];

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The order badge of the top bar: a link while it counts something, a disabled button at zero. */
function orderBadge(page: Page): { counting: Locator; any: Locator } {
  const banner = page.getByRole('banner');
  const counting = banner.getByRole('link', { name: 'Aufträge' });
  return { counting, any: counting.or(banner.getByRole('button', { name: 'Aufträge' })) };
}

/** Waits until an image has really been decoded (the thumbnails come from a background job). */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
}

/**
 * Slows the page's uploads down to `bytesPerSecond` with Chromium's own network throttling, so the
 * upload progress stays visible for a moment; the returned function lifts the limit.
 */
async function slowUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  const limit = (uploadThroughput: number) =>
    session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await session.send('Network.enable');
  await limit(bytesPerSecond);
  return async () => {
    await limit(-1);
    await session.detach();
  };
}

async function openOrderTab(page: Page, name: string | RegExp): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test('an internal user orders packshots, the super user delivers, the creator asks for a correction, and the history tells it all', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('jana', 'nordstern-kaffee.example');
  const deputy = uniqueEmail('vertretung', 'nordstern-kaffee.example');
  const orderName = `Espresso Crema 1 kg Regalkarton ${Date.now()}`;
  const correction = 'Bitte den Schatten unter der Packung entfernen.';
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Jana', '--internal');

  // 1. Jana orders packshots.
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Jana!' })).toBeVisible();
  // Jana counts orders ready for review: none of hers yet, so the badge may well be disabled.
  await expect(orderBadge(page).any).toBeVisible();

  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Aktuelle Aufträge' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page
    .getByRole('navigation', { name: 'Auftragsnavigation' })
    .getByRole('link', { name: 'Auftrag erstellen' })
    .click();
  await expect(page).toHaveURL(/\/order\/add$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Auftrag erstellen' })).toBeVisible();

  // Step Basisdaten: next waits for a name; 'Regalkarton' in the name ticks the tray type.
  const next = main.getByRole('button', { name: 'Weiter' });
  await expect(next).toBeDisabled();
  await main.getByRole('textbox', { name: 'Artikelname' }).fill(orderName);
  await expect(main.getByRole('checkbox', { name: 'Regalkarton/Tray' })).toBeChecked();
  await main.getByRole('checkbox', { name: 'Deutschland' }).check();
  await main.getByRole('checkbox', { name: 'Österreich' }).check();
  await main.getByRole('checkbox', { name: 'E-Commerce' }).check();
  await main.getByRole('textbox', { name: 'Vertretung (zu benachrichtigen)' }).fill(deputy);
  await next.click();

  // Step Dateien: two images through the file button.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    main.getByRole('button', { name: 'Dateien auswählen' }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(IMAGES.map((name) => path.join(MEDIA, name)));
  await expect(main.getByRole('list', { name: 'Ausgewählte Dateien' }).getByRole('listitem')).toHaveCount(2);
  await next.click();

  // Step Zusammenfassung, then create.
  await expect(main.getByText(orderName)).toBeVisible();
  for (const name of IMAGES) await expect(main.getByText(name)).toBeVisible();
  // On a slow line (Chromium's own throttling) the upload shows its percent.
  const fullSpeed = await slowUploads(page, 40_000);
  await main.getByRole('button', { name: 'Auftrag erstellen' }).click();
  await expect(main.getByRole('progressbar', { name: 'Upload-Fortschritt' })).toBeVisible();
  await expect(main.getByText(/^[1-9]\d? % hochgeladen$/)).toBeVisible();
  await fullSpeed();
  await expect(main.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible({ timeout: 20_000 });
  const thanks = main.getByText(/^Ihr Auftrag A-\d{4}-\d{6} wurde angelegt\./);
  await expect(thanks).toContainText('Sie erhalten in Kürze eine Bestätigung per E-Mail.');
  const orderNumber = /A-\d{4}-\d{6}/.exec((await thanks.textContent()) ?? '')![0];

  const confirmation = await waitForMail(email, new RegExp(`^Ihr Auftrag ${orderNumber} ist eingegangen$`));
  expect(confirmation.text).toContain(orderName);
  const orderLink = linkFrom(confirmation, `${baseURL}/order/`);
  await waitForMail(deputy, new RegExp(`^Neuer Auftrag ${orderNumber} in Mediabox$`));
  await logOut(page);

  // 2. The super user, in a browser of their own, makes it ready for review.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await decideConsentUpFront(admin);
  await admin.goto('/login');
  await logIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
  // The super user counts new and rejected orders: Jana's is one of them.
  await orderBadge(admin).counting.click();
  await expect(admin).toHaveURL(/\/orders$/);
  await expect(admin.getByRole('tab', { name: /^In Bearbeitung/ })).toHaveAttribute('aria-selected', 'true');
  await admin
    .getByRole('table', { name: 'Aufträge: In Bearbeitung' })
    .getByRole('row', { name: new RegExp(literally(orderName)) })
    .click();
  await expect(admin).toHaveURL(/\/order\/\d+\/0$/);
  expect(orderLink).toBe(admin.url());
  const adminMain = admin.getByRole('main');
  await expect(adminMain.getByRole('heading', { level: 1, name: orderName })).toBeVisible();
  await expect(adminMain.getByText(`Auftragsnummer ${orderNumber}`)).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Freigabe & Korrekturen' })).toBeDisabled();

  await openOrderTab(admin, 'Dateien (2)');
  const files = adminMain.getByRole('list', { name: 'Dateien des Auftrags' });
  for (const name of IMAGES) {
    await expectLoaded(files.getByRole('button', { name: `Vorschau von ${name} öffnen` }).locator('img'));
  }
  // The preview pages through the files.
  await files.getByRole('button', { name: `Vorschau von ${IMAGES[0]} öffnen` }).click();
  const preview = admin.getByRole('dialog');
  await expect(preview.getByText('Datei 1 von 2')).toBeVisible();
  await expectLoaded(preview.getByRole('img', { name: `Vorschau von ${IMAGES[0]}` }));
  await preview.getByRole('button', { name: 'Nächste Datei' }).click();
  await expect(preview.getByText('Datei 2 von 2')).toBeVisible();
  await preview.getByRole('button', { name: 'Schließen' }).click();
  await expect(preview).toBeHidden();

  // The order moves on by its next actions only (issue 19): no status list that could skip the review.
  const nextSteps = adminMain.getByRole('group', { name: 'Nächste Schritte' });
  const currentStep = (page: Page) =>
    page.getByRole('list', { name: 'Status des Auftrags' }).locator('[aria-current="step"]');
  await expect(currentStep(admin)).toContainText('In Bearbeitung');
  await expect(nextSteps.getByRole('button')).toHaveText(['Zur Abnahme geben']);
  await openOrderTab(admin, 'Basisdaten');
  await adminMain.getByRole('button', { name: 'Auftrag bearbeiten' }).click();
  await expect(adminMain.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await adminMain.getByRole('button', { name: 'Abbrechen' }).click();
  await nextSteps.getByRole('button', { name: 'Zur Abnahme geben' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: 'Der Auftrag ist bereit zur Abnahme.' }),
  ).toBeVisible();
  await expect(currentStep(admin)).toContainText('Bereit zur Abnahme');
  // Approving is the reviewer's step; the super user's own next step comes after it.
  await expect(nextSteps.getByRole('button')).toHaveText(['Freigeben', 'Korrektur anfordern']);
  await expect(admin.getByRole('tab', { name: 'Freigabe & Korrekturen' })).toBeEnabled();
  await expectNoAxeViolations(admin, 'main');

  // 3. Jana follows the mail, signs in, and asks for a correction.
  const ready = await waitForMail(email, new RegExp(`^Auftrag ${orderNumber} ist bereit zur Abnahme$`));
  expect(linkFrom(ready, `${baseURL}/order/`)).toBe(orderLink);
  await page.goto(orderLink);
  await expect(page).toHaveURL(/\/login\?from=/);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(orderLink);
  await expect(orderBadge(page).counting).toBeVisible();
  await openOrderTab(page, 'Freigabe & Korrekturen');
  const review = page.getByRole('main');
  await expect(currentStep(page)).toContainText('Bereit zur Abnahme');
  await expect(review.getByText('Bisher wurde keine Korrektur verlangt.')).toBeVisible();
  // Nothing is pre-ticked: the reviewer chooses one of two actions.
  await expect(review.getByRole('checkbox')).toHaveCount(0);
  await review.getByRole('button', { name: 'Korrektur anfordern' }).click();
  const correctionDialog = page.getByRole('dialog', { name: 'Korrektur anfordern' });
  const send = correctionDialog.getByRole('button', { name: 'Korrektur senden' });
  await expect(send).toBeDisabled();
  await correctionDialog.getByRole('textbox', { name: 'Korrektur' }).fill(correction);
  await send.click();
  await expect(page.getByText('Die Korrektur wurde angefordert.')).toBeVisible();
  await expect(currentStep(page)).toContainText('Abgelehnt');
  // The creator cannot undo or skip: giving it for review again is the super user's step.
  await expect(review.getByRole('group', { name: 'Nächste Schritte' })).toHaveCount(0);
  await expect(review.getByRole('listitem').filter({ hasText: correction })).toBeVisible();
  const reviewed = await waitForMail(deputy, new RegExp(`^Auftrag ${orderNumber} wurde geprüft$`));
  expect(reviewed.text).toContain(`Korrektur: ${correction}`);

  // 4. The super user finds it under Abgelehnt and completes it, with notification.
  await admin
    .getByRole('navigation', { name: 'Auftragsnavigation' })
    .getByRole('link', { name: 'Aktuelle Aufträge' })
    .click();
  await openOrderTab(admin, /^Abgelehnt/);
  await admin
    .getByRole('table', { name: 'Aufträge: Abgelehnt' })
    .getByRole('row', { name: new RegExp(literally(orderName)) })
    .click();
  await expect(admin).toHaveURL(orderLink);
  await expect(nextSteps.getByRole('button')).toHaveText(['Zur Abnahme geben']);
  await nextSteps.getByRole('button', { name: 'Zur Abnahme geben' }).click();
  await expect(currentStep(admin)).toContainText('Bereit zur Abnahme');

  // Jana accepts the corrected images.
  await page.reload();
  await page.getByRole('main').getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Der Auftrag ist akzeptiert.')).toBeVisible();
  await expect(currentStep(page)).toContainText('Akzeptiert');

  // The super user completes it, with notification.
  await admin.reload();
  await expect(currentStep(admin)).toContainText('Akzeptiert');
  await expect(nextSteps.getByRole('button')).toHaveText(['Abschließen']);
  await nextSteps.getByRole('button', { name: 'Abschließen' }).click();
  const completeDialog = admin.getByRole('dialog', { name: 'Auftrag abschließen?' });
  await completeDialog.getByRole('checkbox', { name: 'Benachrichtigen' }).check();
  await completeDialog.getByRole('button', { name: 'Abschließen' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'Der Auftrag ist erledigt.' })).toBeVisible();
  await expect(nextSteps).toHaveCount(0);
  const done = await waitForMail(email, new RegExp(`^Auftrag ${orderNumber} ist erledigt$`));
  expect(done.text).toContain(orderName);
  await waitForMail(deputy, new RegExp(`^Auftrag ${orderNumber} ist erledigt$`));

  // Completed orders have a tab of their own, for super users only.
  await admin
    .getByRole('navigation', { name: 'Auftragsnavigation' })
    .getByRole('link', { name: 'Aktuelle Aufträge' })
    .click();
  await openOrderTab(admin, /^Erledigt/);
  await admin
    .getByRole('table', { name: 'Aufträge: Erledigt' })
    .getByRole('row', { name: new RegExp(literally(orderName)) })
    .click();
  await expect(admin).toHaveURL(orderLink);

  // 5. The history tells every step: newest first, and one save's entries in the order they were made.
  await openOrderTab(admin, 'Verlauf');
  const history = adminMain.getByRole('list', { name: 'Verlauf des Auftrags' });
  const text = (await history.innerText()).replace(/\s+/g, ' ');
  const steps = [
    'Auftrag erledigt',
    'Auftrag akzeptiert',
    'Status geändert: Abgelehnt → Bereit zur Abnahme',
    `Auftrag abgelehnt Grund: ${correction}`,
    'Status geändert: In Bearbeitung → Bereit zur Abnahme',
    'Auftrag erstellt',
    `Bild „${IMAGES[0]}“ hinzugefügt`,
    `Bild „${IMAGES[1]}“ hinzugefügt`,
  ];
  let at = -1;
  for (const step of steps) {
    const found = text.indexOf(step, at + 1);
    expect(found, `"${step}" after the previous step in: ${text}`).toBeGreaterThan(at);
    at = found;
  }
  await adminContext.close();

  // For the creator a completed order leaves every list.
  await page.goto('/orders/4');
  await expect(page.getByRole('table', { name: 'Aufträge: Alle anzeigen' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(literally(orderName)) })).toHaveCount(0);
});

test('a registered user without order rights has no order badge and is sent home from /orders', async ({
  page,
}) => {
  const email = uniqueEmail('paul');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Paul');
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Paul!' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Warenkorb' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Aufträge' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Aufträge' })).toHaveCount(0);
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Aktuelle Aufträge' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/orders');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Willkommen, Paul!' })).toBeVisible();
});
