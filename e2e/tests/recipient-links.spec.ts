import fs from 'node:fs';
import path from 'node:path';
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { baseURL } from '../playwright.config';
import { decideConsentUpFront, logIn, logOut, openProfileMenu, uniqueEmail } from '../support/pages';
import { ADMIN, dataDir, linkFrom, mediabox, waitForMail } from '../support/portal';

/**
 * Issue 20.2 and 20.3 end to end: a cart sent to two addresses gives each its own link; a guest
 * opens one and takes one file; the sender sees "opened / downloaded" for that recipient only; a
 * super user withdraws the asset, and the takedown mail goes to that recipient and not the other.
 */

const PASSWORD = 'Empfaenger-Test-1';
const TAKEDOWN_SUBJECT = /Dateien, die Sie heruntergeladen haben, wurden geändert/;

/**
 * Two teas other journeys leave alone (admin.spec withdraws the first hit of "tee"), put in the cart
 * through the API; answers the first, which this journey withdraws.
 */
async function cartWithTwoTeas(email: string): Promise<{ assetId: number; token: string }> {
  const api = await apiRequest.newContext({ baseURL });
  const login = await api.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  const search = await api.post('/api/search/', { headers, data: { query: 'tee', offset: 0, limit: 6 } });
  const hits = ((await search.json()) as { results: { id: number }[] }).results;
  expect(hits.length).toBeGreaterThanOrEqual(5);
  const assetId = hits[3]!.id;
  const cart = await api.put('/api/cart/', { headers, data: { assetIds: [assetId, hits[4]!.id] } });
  expect(cart.ok(), await cart.text()).toBe(true);
  await api.dispose();
  return { assetId, token };
}

/** Every mail in the outbox to `address` whose subject matches. */
async function mailsTo(address: string, subject: RegExp): Promise<number> {
  const outbox = path.join(dataDir, 'outbox');
  let count = 0;
  for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
    const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(',') : (mail.to?.text ?? '');
    if (to.includes(address) && subject.test(mail.subject ?? '')) count += 1;
  }
  return count;
}

async function openAdministration(page: Page, tab: string): Promise<void> {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

test('a cart sent to two addresses: each has its own link, the sender follows them, a withdrawal tells only who downloaded', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const sender = uniqueEmail('sender');
  mediabox('user', 'add', '--email', sender, '--password', PASSWORD, '--firstname', 'Svenja');
  const { assetId, token } = await cartWithTwoTeas(sender);
  const opener = uniqueEmail('agentur');
  const other = uniqueEmail('haendler');

  // The sender sends the cart to both addresses in one go.
  await decideConsentUpFront(page);
  await page.goto('/login');
  await logIn(page, sender, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Svenja!' })).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Versenden' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Empfänger').fill(`${opener}, ${other}`);
  await dialog.getByLabel('Betreff').fill('Tee für den Katalog');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog.getByRole('heading', { name: 'Der Warenkorb wurde versendet.' })).toBeVisible();
  await expect(page.getByText('Jeder der 2 Empfänger hat einen eigenen Link erhalten.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();

  // Two mails, two different links.
  const openerLink = linkFrom(await waitForMail(opener, /Tee für den Katalog/), `${baseURL}/download/`);
  const otherLink = linkFrom(await waitForMail(other, /Tee für den Katalog/), `${baseURL}/download/`);
  expect(new URL(openerLink).pathname).not.toBe(new URL(otherLink).pathname);

  // A guest opens the first link in a browser of their own: the zip starts, they take one file too.
  const guest = await browser.newContext({ acceptDownloads: true });
  const guestPage = await guest.newPage();
  await decideConsentUpFront(guestPage);
  await Promise.all([guestPage.waitForEvent('download'), guestPage.goto(openerLink)]);
  await expect(
    guestPage.getByText(
      'Der Absender sieht, wann dieser Link geöffnet und welche Dateien heruntergeladen wurden; gespeichert wird dazu keine IP-Adresse und kein Cookie.',
    ),
  ).toBeVisible();
  const fileLink = guestPage
    .getByRole('main')
    .getByRole('link', { name: / herunterladen$/ })
    .first();
  const [single] = await Promise.all([guestPage.waitForEvent('download'), fileLink.click()]);
  expect(fs.statSync(await single.path()).size).toBeGreaterThan(0);
  await guest.close();

  // The sender sees "opened / downloaded" for that recipient only.
  await page.getByRole('banner').getByRole('link', { name: 'Nachrichten' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await page
    .getByRole('button', { name: /Tee für den Katalog|An / })
    .first()
    .click();
  const openerCard = page
    .getByRole('listitem')
    .filter({ hasText: opener })
    .filter({ hasText: 'Zuerst geöffnet' });
  const otherCard = page.getByRole('listitem').filter({ hasText: other }).filter({ hasText: 'Gesendet' });
  await expect(openerCard.last()).not.toContainText('Noch nicht geöffnet');
  await expect(openerCard.last()).toContainText('vollständig');
  await expect(otherCard.last()).toContainText('Noch nicht geöffnet');
  await expect(otherCard.last()).toContainText('Noch nichts heruntergeladen.');

  // The sender asks for the tea's removal; the super user confirms it: the asset is withdrawn.
  const api = await apiRequest.newContext({ baseURL });
  const removal = await api.delete(`/api/asset/${assetId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reason: 'Neue Rezeptur' },
  });
  expect(removal.ok(), await removal.text()).toBe(true);
  await api.dispose();
  await logOut(page);
  await logIn(page, ADMIN.email, ADMIN.password);
  await openAdministration(page, 'Löschanfragen');
  const row = page.getByRole('row').filter({ hasText: 'Neue Rezeptur' });
  await row.getByRole('button', { name: / zurückziehen$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(row).toHaveCount(0);

  // The digest would go out tonight; the super user sends it now.
  await openAdministration(page, 'Rückrufe');
  // The change is listed with the people it reaches, who wait for tonight's digest.
  await expect(page.getByRole('main').getByText('Zurückgezogen').first()).toBeVisible();
  await expect(
    page.getByText(/^\d+ (Person wartet|Personen warten) auf die Sammel-E-Mail heute Nacht\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt benachrichtigen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Jetzt senden' }).click();
  await expect(page.getByText('Niemand wartet auf eine Rückruf-E-Mail.')).toBeVisible();

  // The recipient who downloaded is told, with the asset named; the other one is not.
  const takedown = await waitForMail(opener, TAKEDOWN_SUBJECT);
  expect(takedown.text ?? '').toMatch(/zurückgezogen/);
  // Both were queued in the same transaction if at all: give the lane a moment, then count.
  await page.waitForTimeout(2_000);
  expect(await mailsTo(other, TAKEDOWN_SUBJECT)).toBe(0);
  expect(await mailsTo(opener, TAKEDOWN_SUBJECT)).toBe(1);

  // The share page marks the withdrawn tea as such; the other one still downloads.
  await logOut(page);
  const [rest] = await Promise.all([page.waitForEvent('download'), page.goto(openerLink)]);
  expect(fs.statSync(await rest.path()).size).toBeGreaterThan(0);
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Zurückgezogen' })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('link', { name: / herunterladen$/ })).toHaveCount(1);
});
