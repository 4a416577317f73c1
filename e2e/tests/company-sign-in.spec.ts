import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startTestProvider, TEST_CLIENT } from '../../apps/server/src/test/oidc-test-provider';
import { freePort, startServerProcess, type ServerProcess } from '../../apps/server/src/test/server-process';
import { ADMIN } from '../support/portal';
import { decideConsentUpFront, logIn, logOut, openProfileMenu } from '../support/pages';

/**
 * Issue 23 in Chromium: staff sign in through a real OpenID provider (`oidc-provider` on loopback,
 * with its own sign-in page) and the real redirects. The portal of the other tests has no provider,
 * so this file starts its own built server, on a fresh data directory, configured for the provider.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LABEL = 'Nordstern ID';

let provider: Awaited<ReturnType<typeof startTestProvider>>;
let portal: ServerProcess;
let portalUrl: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The provider knows the portal's callback address before the portal starts.
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  provider = await startTestProvider(portalUrl, { signInPage: true });
  portal = await startServerProcess(
    {
      PUBLIC_URL: portalUrl,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_LABEL: LABEL,
    },
    { script: path.join(root, 'apps/server/dist/main.js'), port },
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await provider?.close();
});

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

/** From the portal's login page to the provider's sign-in page. */
async function openProvider(page: Page): Promise<void> {
  await page.goto(`${portalUrl}/login`);
  await page.getByRole('link', { name: `Mit ${LABEL} anmelden` }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: LABEL })).toBeVisible();
}

async function signInAtProvider(page: Page, email: string): Promise<void> {
  await openProvider(page);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

test('staff sign in with the company account at once, and logging out ends the provider session too', async ({
  page,
}) => {
  await signInAtProvider(page, 'anna.berger@nordstern-kaffee.example');
  // Back through the callback and the landing page, signed in as staff without sign-up or approval.
  await expect(page).toHaveURL(`${portalUrl}/`);
  await openProfileMenu(page);
  await expect(page.getByRole('menu')).toContainText('Anna Berger');
  await page.keyboard.press('Escape');

  // The portal's logout goes on to the provider's (RP-initiated logout), which sends the browser back.
  await openProfileMenu(page);
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(`${portalUrl}/login`);
  await expect(page.getByRole('link', { name: `Mit ${LABEL} anmelden` })).toBeVisible();
  // The provider's session ended: the next sign-in asks for the address again.
  await openProvider(page);
  await expect(page.getByLabel('E-Mail')).toBeEmpty();
});

test('a cancelled sign-in, and an address outside the company, come back as clear messages', async ({
  page,
}) => {
  await openProvider(page);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(`${portalUrl}/login?ssoError=cancelled`);
  await expect(page.getByRole('alert')).toContainText('abgebrochen');

  // Last: the provider keeps this session, so a next sign-in would not ask again.
  await signInAtProvider(page, 'max.muster@agentur-partner.example');
  await expect(page).toHaveURL(`${portalUrl}/login?ssoError=foreignDomain`);
  await expect(page.getByRole('alert')).toContainText('nur für Mitarbeiter möglich');
  // The password form is still there for partners.
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
});

test('a super user sees how each account signs in and requires the company account for staff', async ({
  page,
}) => {
  await page.goto(`${portalUrl}/login`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${portalUrl}/`);
  await page.goto(`${portalUrl}/admin/users`);
  const anna = page.getByRole('row').filter({ hasText: 'anna.berger@nordstern-kaffee.example' });
  await expect(anna).toContainText('Firmenkonto');

  const required = page.getByRole('switch', { name: `Mitarbeitende melden sich nur mit ${LABEL} an` });
  await expect(required).not.toBeChecked();
  await required.click();
  const dialog = page.getByRole('dialog', { name: `Anmeldung mit ${LABEL} verlangen?` });
  await dialog.getByRole('button', { name: 'Verlangen' }).click();
  await expect(page.getByText(`Mitarbeitende melden sich jetzt nur noch mit ${LABEL} an.`)).toBeVisible();
  await expect(required).toBeChecked();

  await page.goto(`${portalUrl}/admin/audit`);
  await expect(
    page.getByRole('row').filter({ hasText: 'Anmeldung mit Firmenkonto für Mitarbeitende geändert' }),
  ).toContainText(ADMIN.email);
  await logOut(page);
});
