import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { decideConsentUpFront, logIn, uniqueEmail } from '../support/pages';
import { linkFrom, mediabox, waitForMail } from '../support/portal';

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

test('a forgotten password is reset through the mailed link, once', async ({ page }) => {
  const email = uniqueEmail('jonas');
  mediabox('user', 'add', '--email', email, '--password', 'Altes-Passwort-1', '--firstname', 'Jonas');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByRole('button', { name: 'Link senden' }).click();
  await expect(dialog.getByText(/Link zum Zurücksetzen/)).toBeVisible();

  const mail = await waitForMail(email, /Passwort zurücksetzen/);
  const resetLink = linkFrom(mail, `${baseURL}/reset_password/`);

  await page.goto(resetLink);
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('Neues-Passwort-2');
  await page.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('Neues-Passwort-2');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText(/Ihr Passwort wurde geändert/)).toBeVisible();

  // The link is used up.
  await page.goto(resetLink);
  await expect(page.getByText(/Link ist ungültig oder abgelaufen/)).toBeVisible();

  await page.goto('/login');
  await logIn(page, email, 'Altes-Passwort-1');
  await expect(page.getByText('E-Mail-Adresse oder Passwort ist falsch.')).toBeVisible();
  await logIn(page, email, 'Neues-Passwort-2');
  await expect(page.getByRole('heading', { name: 'Willkommen, Jonas!' })).toBeVisible();
});
