import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { decideConsentUpFront, logIn, uniqueEmail } from '../support/pages';
import { mediabox } from '../support/portal';

// The consent prompt (one bar on every page, /login included) is walked through in shell.spec.ts.

test.describe('with consent decided', () => {
  test.beforeEach(async ({ page }) => decideConsentUpFront(page));

  test('a guest is sent to login and comes back to the page asked for', async ({ page }) => {
    const email = uniqueEmail('guard');
    mediabox('user', 'add', '--email', email, '--password', 'Passwort-123', '--firstname', 'Greta');
    await page.goto('/profile?tab=1');
    await expect(page).toHaveURL(/\/login\?from=%2Fprofile%3Ftab%3D1$/);
    await logIn(page, email, 'Passwort-123');
    await expect(page).toHaveURL(`${baseURL}/profile?tab=1`);

    // A registered user without order rights is sent home from the very secure routes.
    await page.goto('/orders');
    await expect(page).toHaveURL(`${baseURL}/`);
    await page.goto('/order/add');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('internal staff reach the order screens', async ({ page }) => {
    const email = uniqueEmail('staff', 'nordstern-kaffee.example');
    mediabox('user', 'add', '--email', email, '--password', 'Passwort-123', '--internal');
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?from=%2Forders$/);
    await logIn(page, email, 'Passwort-123');
    await expect(page).toHaveURL(`${baseURL}/orders`);
    await expect(page.getByRole('link', { name: 'Auftrag erstellen' })).toBeVisible();
  });

  test('an unknown path says so', async ({ page }) => {
    await page.goto('/kein/solcher/pfad');
    await expect(page.getByText('Keine Route für /kein/solcher/pfad')).toBeVisible();
  });

  test('the language can be chosen by path and by switch, and is kept', async ({ page }) => {
    await page.goto('/en');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('button', { name: /Français/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.goto('/de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  });
});
