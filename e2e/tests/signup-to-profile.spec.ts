import { expect, test } from '@playwright/test';
import { linkFrom, mediabox, waitForMail } from '../support/portal';
import { decideConsentUpFront, logIn, logOut, openProfileMenu, uniqueEmail } from '../support/pages';
import { baseURL } from '../playwright.config';

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

test('sign up, confirm from the mail, get approved, log in, edit the profile, log out', async ({ page }) => {
  const email = uniqueEmail('erika');
  const password = 'Kaffeebohne-42';

  await page.goto('/signup');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page
    .getByLabel(/^Passwort/)
    .first()
    .fill(password);
  await page.getByLabel(/^Passwort wiederholen/).fill(password);
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByLabel(/^Unternehmen/).fill('Café Sonnenschein GmbH');
  await page.getByLabel(/^Nachname/).fill('Mustermann');
  await page.getByLabel(/^Vorname/).fill('Erika');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByLabel(/^Ihr Ansprechpartner/).fill('Miriam Kolb');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Vielen Dank für Ihre Registrierung!')).toBeVisible();

  // The confirmation mail arrives in German (the language of the sign-up) with a working link.
  const confirmation = await waitForMail(email, /bestätigen/);
  const confirmLink = linkFrom(confirmation, `${baseURL}/confirm/`);

  // Before confirming, the login says so.
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByText(/E-Mail-Adresse ist noch nicht bestätigt/)).toBeVisible();

  await page.goto(confirmLink);
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeVisible();

  // Confirmed but not yet approved.
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByText(/noch nicht freigeschaltet/)).toBeVisible();

  // An administrator approves on the command line; the user is told by mail.
  expect(mediabox('user', 'approve', email)).toContain(`approved ${email}`);
  await waitForMail(email, /freigeschaltet/);

  await logIn(page, email, password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Willkommen, Erika!' })).toBeVisible();

  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel(/^Benutzername/)).toHaveValue(email);
  await page.getByLabel(/^Telefon/).fill('+49 40 123456');
  await page.getByLabel(/^Unternehmen/).fill('Café Sonnenschein KG');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Änderungen gespeichert.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(/^Telefon/)).toHaveValue('+49 40 123456');
  await expect(page.getByLabel(/^Unternehmen/)).toHaveValue('Café Sonnenschein KG');

  await logOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?from=%2Fprofile$/);
});
