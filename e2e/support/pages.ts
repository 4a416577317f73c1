import { expect, type Page } from '@playwright/test';

/** Steps a person takes again and again, written once. Texts are the German defaults. */

/** Records a tracking decision before the app loads, so the consent dialog does not cover the page. */
export async function decideConsentUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('trackingConsent')) {
      localStorage.setItem('trackingConsent', JSON.stringify({ tracking: false, decidedAt: Date.now() }));
    }
  });
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
}

export async function openProfileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function logOut(page: Page): Promise<void> {
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

let sequence = 0;
/** An address nobody used in this run. */
export function uniqueEmail(prefix: string, domain = 'partner.example'): string {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@${domain}`;
}

/** From the home page into Kaffee › Ganze Bohne › Espresso of the demo catalogue. */
export async function openEspressoCategory(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Kaffee/ })
    .first()
    .click();
  await page
    .getByRole('navigation', { name: 'Unterkategorien' })
    .getByRole('link', { name: 'Ganze Bohne' })
    .click();
  await page
    .getByRole('navigation', { name: 'Unterkategorien' })
    .getByRole('link', { name: 'Espresso' })
    .click();
}

/** Search results as one card per file (issue 22.7: products are the default in search). */
export async function showFiles(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Dateien', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=files/);
  // A product card is named with its GTIN; a file's card with the file's name alone.
  await expect(page.getByRole('article').first()).not.toHaveAttribute('aria-label', /, GTIN \d+$/);
}
