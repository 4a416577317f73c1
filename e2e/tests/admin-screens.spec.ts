import { expect, test } from '@playwright/test';
import { DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE } from '../support/checks';
import { decideConsentUpFront, logIn } from '../support/pages';
import { ADMIN } from '../support/portal';

/**
 * The administration's screens as an administrator on a laptop sees them (issue 19, item 14): every
 * tab can be reached, every section passes axe, and the insights say whom they count.
 */

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

const SECTIONS = [
  { tab: 'Registrierungen', path: '/admin/registrations' },
  { tab: 'Benutzer', path: '/admin/users' },
  { tab: 'Löschanfragen', path: '/admin/removals' },
  { tab: 'Katalog', path: '/admin/catalogue' },
  { tab: 'Geteilte Links', path: '/admin/links' },
  { tab: 'Rückrufe', path: '/admin/takedowns' },
  { tab: 'Vorgaben', path: '/admin/presets' },
  { tab: 'Hintergrundaufgaben', path: '/admin/jobs' },
  { tab: 'Protokoll', path: '/admin/audit' },
  { tab: 'Auswertungen', path: '/admin/insights' },
];

test('every admin tab in sight at 1366 px, every section passes axe, insights name the consent rule, tables scroll by keyboard', async ({
  page,
}) => {
  // Ten sections and three axe passes: beside the unit tests in CI this takes over a minute.
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: /^Willkommen/ })).toBeVisible();
  await page.goto('/admin/registrations');

  const tabs = page.getByRole('tablist', { name: 'Bereiche der Administration' });
  await expect(tabs.getByRole('tab')).toHaveCount(SECTIONS.length);
  // All tabs fit side by side at this width: none is cut off behind the edge of the strip.
  for (const { tab } of SECTIONS) {
    await expect(tabs.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeInViewport({ ratio: 1 });
  }

  for (const { tab, path } of SECTIONS) {
    await tabs.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
    await expect(page.getByRole('tabpanel')).not.toContainText('Wird geladen');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    if (path === '/admin/insights') {
      await expect(
        page.getByText(
          'Seitenaufrufe und Suchen werden nur von Benutzern gezählt, die der Nutzungsstatistik zugestimmt haben; Downloads werden immer gezählt.',
        ),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);
  }

  // On a small tablet the users table is wider than its room: its scrolling container takes
  // keyboard focus (axe scrollable-region-focusable), named after the table.
  await page.setViewportSize({ width: 700, height: 860 });
  await tabs.getByRole('tab', { name: /^Benutzer/ }).click();
  const region = page.getByRole('region', { name: 'Benutzer' });
  await expect(region).toHaveAttribute('tabindex', '0');
  await expectNoAxeViolations(page);

  // On a phone each row is a card of its own: nothing to scroll, each value led by its heading.
  await page.setViewportSize(PHONE);
  await expect(region).toHaveCount(0);
  const email = page.getByRole('cell', { name: ADMIN.email });
  await expect(email).toBeVisible();
  expect(await email.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"E-Mail"');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
});
