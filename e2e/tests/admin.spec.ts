import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  decideConsentUpFront,
  logIn,
  logOut,
  openProfileMenu,
  showFiles,
  uniqueEmail,
} from '../support/pages';
import { ADMIN, linkFrom, mediabox, waitForMail } from '../support/portal';

/**
 * Administration as the people who run the portal use it (issue 6): a registration is approved in
 * /admin instead of on the command line, and a removal request withdraws the asset everywhere.
 */

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

async function openAdministration(page: Page, tab: string): Promise<void> {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

test('a new partner signs up, the administrator approves in /admin, the partner signs in', async ({
  page,
}) => {
  const email = uniqueEmail('paula');
  const password = 'Freigabe-Test-1';
  // Sign-up and confirmation are covered by the sign-up journey; here they go through the API.
  const signup = await page.request.put(`${baseURL}/api/user/`, {
    data: {
      email,
      password,
      passwordRepeat: password,
      company: 'Rösterei Paula KG',
      lastname: 'Paulsen',
      firstname: 'Paula',
      contactPerson: 'Miriam Kolb',
      tou: true,
      lang: 'de',
    },
  });
  expect(signup.ok()).toBe(true);
  await page.goto(linkFrom(await waitForMail(email, /bestätigen/), `${baseURL}/confirm/`));
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeVisible();

  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await openAdministration(page, 'Registrierungen');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Rösterei Paula KG');
  await row.getByRole('button', { name: 'Paula Paulsen freigeben' }).click();
  await expect(page.getByText('Paula Paulsen wurde freigegeben.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The approval is in the log and the partner hears of it by mail.
  await page.getByRole('tab', { name: 'Protokoll' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Registrierung freigegeben' }).first()).toBeVisible();
  await waitForMail(email, /freigeschaltet/);
  await logOut(page);

  await logIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Willkommen, Paula!' })).toBeVisible();
  // A partner has no administration.
  await openProfileMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('a removal request confirmed in /admin withdraws the asset', async ({ page }) => {
  const email = uniqueEmail('rolf');
  const password = 'Entfernen-Test-1';
  mediabox('user', 'add', '--email', email, '--password', password, '--firstname', 'Rolf');
  await page.goto('/login');
  await logIn(page, email, password);
  // A tea, so that the coffee assets other journeys collect stay where they are.
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Suche' });
  await search.fill('tee');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\/tee$/);
  await showFiles(page);
  const card = page.getByRole('article').first();
  const name = (await card.getAttribute('aria-label'))!;
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const assetPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Entfernung beantragen' }).click();
  await page.getByLabel('Grund (optional)').fill('Veraltete Verpackung');
  await page.getByRole('dialog').getByRole('button', { name: 'Entfernung beantragen' }).click();
  await expect(page.getByText('Entfernung beantragt').first()).toBeVisible();
  await logOut(page);

  await logIn(page, ADMIN.email, ADMIN.password);
  await openAdministration(page, 'Löschanfragen');
  const row = page.getByRole('row').filter({ hasText: 'Veraltete Verpackung' });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: `${name} zurückziehen` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Zurückziehen' }).click();
  // The snackbar also says how many downloaders will be told (issue 20.3).
  await expect(page.getByText(`${name} wurde zurückgezogen – `)).toBeVisible();

  // Gone for everybody: the asset page says so.
  await page.goto(assetPath);
  await expect(page.getByText(/nicht gefunden/i).first()).toBeVisible();
});
