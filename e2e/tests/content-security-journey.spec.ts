import { expect, test, type Page } from '@playwright/test';
import { expectSomeImageLoaded, recordCspViolations, type CspRecorder } from '../support/csp';
import {
  decideConsentUpFront,
  logIn,
  logOut,
  openEspressoCategory,
  openProfileMenu,
  uniqueEmail,
} from '../support/pages';
import { ADMIN, mediabox } from '../support/portal';

/**
 * The strict Content-Security-Policy (see content-security.spec.ts) must not cost the app anything:
 * a partner, and then an administrator, go through the main screens while every document records
 * `securitypolicyviolation` events and console errors about the policy. Nothing may be refused,
 * and each screen must really have rendered (a heading, loaded images), so an empty page cannot
 * pass. At the end a deliberately blocked image proves that the recorder hears violations at all.
 */

const PASSWORD = 'Richtlinie-Test-1';

async function screen(csp: CspRecorder, name: string, body: () => Promise<void>): Promise<void> {
  await test.step(name, async () => {
    await body();
    await csp.expectNone(name);
  });
}

async function openAdminTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('a partner and an administrator go through the main screens without a policy violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('nora');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Nora');
  const csp = await recordCspViolations(page);
  await decideConsentUpFront(page);
  const main = page.getByRole('main');
  const cartBadge = page.getByRole('banner').getByRole('button', { name: 'Warenkorb' });
  let assetName = '';

  await screen(csp, 'login', async () => {
    const shell = await page.goto('/login');
    // The journey runs under the real policy, not one the browser was told to bypass.
    expect(shell?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  });

  await screen(csp, 'home', async () => {
    await logIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Nora!' })).toBeVisible();
    await expect(main.getByRole('link', { name: /^Kaffee/ }).first()).toBeVisible();
  });

  await screen(csp, 'category with thumbnails', async () => {
    await openEspressoCategory(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Espresso' })).toBeVisible();
    await expect(page.getByText(/^\d+ Medien in Espresso$/)).toBeVisible();
    // Thumbnails have an empty alt (the card names the asset), so they have no img role.
    await expectSomeImageLoaded(page.locator('main img'));
  });

  await screen(csp, 'asset page with its preview', async () => {
    const card = page.getByRole('article').first();
    assetName = (await card.getAttribute('aria-label')) ?? '';
    expect(assetName).not.toBe('');
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/asset\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: assetName })).toBeVisible();
    await expectSomeImageLoaded(main.getByRole('img', { name: `Vorschau von ${assetName}` }));
    await main.getByRole('button', { name: 'In den Warenkorb', exact: true }).click();
    await expect(main.getByRole('button', { name: 'Aus dem Warenkorb', exact: true })).toBeVisible();
    await expect(cartBadge).toContainText('1');
  });

  await screen(csp, 'search', async () => {
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Suche' });
    await search.fill('kaffee');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\/kaffee$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Suchergebnisse für „kaffee“' })).toBeVisible();
    await expect(page.getByText(/^\d+ Ergebnisse für „kaffee“/)).toBeVisible();
    await expectSomeImageLoaded(page.locator('main img'));
  });

  await screen(csp, 'cart', async () => {
    await cartBadge.click();
    await expect(page.getByRole('presentation').getByRole('link', { name: assetName })).toBeVisible();
    await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Medien im Warenkorb' }).getByRole('link')).toHaveText([
      assetName,
    ]);
  });

  await screen(csp, 'messages and downloads', async () => {
    // Both are disabled in the app bar while empty; a full page load each (the recorder keeps
    // what earlier documents reported).
    await page.goto('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    await expect(page.getByText('Sie haben keine Nachrichten.')).toBeVisible();
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    await expect(page.getByText('Sie haben keine Downloads.')).toBeVisible();
  });

  await screen(csp, 'profile', async () => {
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByLabel(/^Benutzername/)).toHaveValue(email);
  });

  await screen(csp, 'administrator signs in', async () => {
    await logOut(page);
    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
    await openProfileMenu(page);
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await expect(page).toHaveURL(/\/admin\/registrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Registrierungen, die auf Freigabe warten' })).toBeVisible();
  });

  await screen(csp, 'admin: users', async () => {
    await openAdminTab(page, 'Benutzer');
    await expect(page).toHaveURL(/\/admin\/users/);
    await page.getByLabel('Suche (Name, E-Mail, Firma)').fill(email);
    await expect(
      page.getByRole('table', { name: 'Benutzer' }).getByRole('row').filter({ hasText: email }),
    ).toBeVisible();
  });

  await screen(csp, 'admin: catalogue with previews', async () => {
    await openAdminTab(page, 'Katalog');
    await expect(page).toHaveURL(/\/admin\/catalogue/);
    const tree = page.getByRole('navigation', { name: 'Kategorien' });
    await tree.getByLabel('Kategorien filtern').fill('Espresso');
    await tree
      .getByRole('link', { name: /^Espresso, [1-9]\d* Assets?$/ })
      .first()
      .click();
    const assets = page.getByRole('table', { name: 'Assets von Espresso' });
    await expect(assets.getByRole('row').nth(1)).toBeVisible();
    await expectSomeImageLoaded(assets.locator('img'));
  });

  await screen(csp, 'admin: jobs', async () => {
    await openAdminTab(page, 'Hintergrundaufgaben');
    await expect(page).toHaveURL(/\/admin\/jobs/);
    await expect(page.getByRole('table', { name: 'Fehlgeschlagene Hintergrundaufgaben' })).toBeVisible();
  });

  await screen(csp, 'admin: audit log', async () => {
    await openAdminTab(page, 'Protokoll');
    await expect(page).toHaveURL(/\/admin\/audit/);
    await expect(page.getByRole('table', { name: 'Protokoll der Administration' })).toBeVisible();
  });

  await screen(csp, 'admin: insights', async () => {
    await openAdminTab(page, 'Auswertungen');
    await expect(page).toHaveURL(/\/admin\/insights/);
    await expect(page.getByRole('list', { name: 'Summen des Zeitraums' }).getByRole('listitem')).toHaveCount(
      4,
    );
  });

  await test.step('the recorder hears a refused load', async () => {
    // Nothing above was refused. Now an image from another origin, which img-src forbids: it must
    // be reported both ways, or the assertions above proved nothing.
    await page.evaluate(() => {
      new Image().src = 'https://csp-canary.invalid/pixel.png';
    });
    await expect
      .poll(() => csp.violations())
      .toEqual([
        expect.objectContaining({
          directive: 'img-src',
          blockedURI: expect.stringContaining('csp-canary.invalid'),
        }),
      ]);
    await expect.poll(() => csp.consoleErrors.join('\n')).toContain('csp-canary.invalid');
  });
});
