import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectNoAxeViolations, expectNoHorizontalScroll } from '../support/checks';
import { logIn, openEspressoCategory, uniqueEmail } from '../support/pages';
import { mediabox } from '../support/portal';

/**
 * The app shell of issue 19: the cart badge and the confirmation of every addition at desktop and
 * phone width, add-all's count, the skip link, reachable disabled badges, one consent prompt, and
 * flags drawn as SVG. Each test starts as a new user with an empty cart and no tracking decision.
 */

const PASSWORD = 'Kopfzeile-Test-1';
/** Regional indicator letters: what flag emoji are made of (boxes or letters on Windows and Linux). */
const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u;

function newUser(): string {
  const email = uniqueEmail('kopf');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Jana');
  return email;
}

const consentBar = (page: Page) => page.getByRole('region', { name: 'Ihre Wahl zur Nutzungsauswertung' });

/** /login asks with the same bar as every other page (no dialog), and the choice sticks. */
async function declineTrackingOnLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(consentBar(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await consentBar(page).getByRole('button', { name: 'Ablehnen' }).click();
  await expect(consentBar(page)).toBeHidden();
}

/** Adds the first card's asset and all of Espresso; checks the badge, both messages and the way to /cart. */
async function collectEspresso(page: Page): Promise<void> {
  const cartBadge = page.getByRole('banner').getByRole('button', { name: 'Warenkorb' });
  await expect(cartBadge).toBeVisible();
  await expect(cartBadge).toHaveAttribute('aria-disabled', 'true');

  await openEspressoCategory(page);
  const status = page.getByText(/^\d+ Medien in Espresso$/);
  await expect(status).toBeVisible();
  const total = Number((await status.textContent())!.match(/^\d+/)![0]);
  const first = page.getByRole('article').first();
  const name = (await first.getAttribute('aria-label'))!;
  await first.getByRole('button', { name: `${name} in den Warenkorb legen` }).click();
  const snackbar = page.getByRole('alert');
  await expect(snackbar).toContainText('1 Medium zum Warenkorb hinzugefügt.');
  await expect(cartBadge).toContainText('1');
  await expectNoAxeViolations(page, '.MuiSnackbar-root');

  await page.getByRole('button', { name: 'Alle hinzufügen' }).click();
  await expect(snackbar).toContainText(`${total - 1} Medien zum Warenkorb hinzugefügt; 1 war schon darin.`);
  await expect(cartBadge).toContainText(String(total));

  await snackbar.getByRole('button', { name: 'Zum Warenkorb' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(snackbar).toBeHidden();
}

test('desktop: one consent bar, skip link, reachable disabled badges, SVG flags, cart confirmations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const email = newUser();

  // A public page and /login ask the same way.
  await page.goto('/privacy');
  await expect(consentBar(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/login');
  await expect(consentBar(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Escape does not dismiss the bar; only a decision does, and it is remembered.
  await page.keyboard.press('Escape');
  await expect(consentBar(page)).toBeVisible();
  await declineTrackingOnLogin(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(consentBar(page)).toBeHidden();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Jana!' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The skip link is the first stop of Tab, shows itself, and hands focus to <main>, past the top
  // bar and the drawer. Loaded afresh, so that Tab starts at the top of the page.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Willkommen, Jana!' })).toBeVisible();
  const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skipLink).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Flags are drawn, not emoji: the country select shows an SVG flag next to the name.
  expect(await page.locator('body').innerText()).not.toMatch(FLAG_EMOJI);
  await expect(page.getByRole('combobox', { name: 'Land' }).locator('svg')).toHaveCount(1);

  // A disabled badge says why it does nothing, to the mouse and to the keyboard, which still reaches it.
  const banner = page.getByRole('banner');
  const messages = banner.getByRole('button', { name: 'Nachrichten' });
  const hint = page.getByRole('tooltip').filter({ hasText: 'Noch keine Nachrichten.' });
  await messages.hover();
  await expect(hint).toBeVisible();
  await page.mouse.move(600, 600);
  await expect(hint).toBeHidden();
  await banner.getByRole('button', { name: 'Suchen' }).focus();
  await page.keyboard.press('Tab');
  await expect(messages).toBeFocused();
  await expect(messages).toHaveAttribute('aria-disabled', 'true');
  await expect(hint).toBeVisible();
  await expect(messages).toHaveAccessibleDescription('Noch keine Nachrichten.');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await collectEspresso(page);
});

test('phone: cart badge in the top bar, cart confirmations, no sideways scrolling', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const email = newUser();

  await declineTrackingOnLogin(page);
  await page.reload();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Willkommen, Jana!' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  await collectEspresso(page);
  await expectNoHorizontalScroll(page);
});
