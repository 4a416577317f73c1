import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE } from '../support/checks';
import { decideConsentUpFront, logIn, uniqueEmail } from '../support/pages';
import { linkFrom, waitForMail } from '../support/portal';

/**
 * What the sign-up tells a person on the way (issue 19, item 12): why "Weiter" waits, no red field
 * before one was touched, a phone number that must look like one, a confirmation link clicked twice,
 * and the login of an account that still waits for its approval, on a laptop and on a phone.
 */

test.beforeEach(async ({ page }) => decideConsentUpFront(page));

/** Every screen of the journey: axe finds nothing, and on the phone nothing sticks out sideways. */
async function checkScreen(page: Page, onPhone: boolean): Promise<void> {
  await expectNoAxeViolations(page);
  if (onPhone) await expectNoHorizontalScroll(page);
}

const missingHint = (page: Page) => page.getByText(/^Um fortzufahren, fehlt noch:/);

for (const [name, viewport] of [
  ['laptop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`sign-up feedback, a confirm link used twice and the not-yet-approved notice (${name})`, async ({
    page,
  }) => {
    const onPhone = viewport === PHONE;
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`hinweis-${name}`);
    const password = 'Röstfrisch-2026';
    const next = page.getByRole('button', { name: 'Weiter' });

    // Step 1: nothing is red before a field was touched, and the hint says what is still missing.
    await page.goto('/signup');
    await expect(next).toBeDisabled();
    await expect(missingHint(page)).toHaveText(
      'Um fortzufahren, fehlt noch: gültige E-Mail-Adresse und Passwort mit mindestens 8 Zeichen.',
    );
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await checkScreen(page, onPhone);

    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page
      .getByLabel(/^Passwort/)
      .first()
      .fill(password);
    await expect(missingHint(page)).toHaveText(
      'Um fortzufahren, fehlt noch: dasselbe Passwort unter „Passwort wiederholen“.',
    );
    await page.getByLabel(/^Passwort wiederholen/).fill(password);
    await expect(missingHint(page)).toHaveCount(0);
    await next.click();

    // Step 2: the third step is named for what it asks; a phone number must look like one.
    await expect(page.getByText('Ansprechpartner & Nutzungsbedingungen')).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.getByLabel(/^Unternehmen/).fill('Kaffeehaus Nord OHG');
    await page.getByLabel(/^Vorname/).fill('Nora');
    await page.getByLabel(/^Nachname/).fill('Hinz');
    await page.getByLabel(/^Telefon/).fill('bitte anrufen');
    await page.getByLabel(/^Telefon/).blur();
    await expect(
      page.getByText(
        'Bitte geben Sie eine Telefonnummer mit 6 bis 20 Ziffern ein; erlaubt sind außerdem Leerzeichen, +, Klammern, - und /.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel(/^Telefon/)).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toBeDisabled();
    await expect(missingHint(page)).toHaveText(
      'Um fortzufahren, fehlt noch: gültige Telefonnummer oder ein leeres Feld.',
    );
    await checkScreen(page, onPhone);
    await page.getByLabel(/^Telefon/).fill('+49 (0)40 123 456-7');
    await next.click();

    // Step 3: contact person and terms.
    await expect(missingHint(page)).toHaveText(
      'Um fortzufahren, fehlt noch: Ansprechpartner (mindestens 2 Zeichen) und Zustimmung zu den Nutzungsbedingungen.',
    );
    await checkScreen(page, onPhone);
    await page.getByLabel(/^Ihr Ansprechpartner/).fill('Miriam Kolb');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Vielen Dank für Ihre Registrierung!')).toBeVisible();
    await checkScreen(page, onPhone);

    // The confirmation link works once; the second click says the address is confirmed already.
    const confirmLink = linkFrom(await waitForMail(email, /bestätigen/), `${baseURL}/confirm/`);
    await page.goto(confirmLink);
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(page.getByText(/Ihre E-Mail-Adresse ist bestätigt/)).toBeVisible();
    await page.goto(confirmLink);
    await expect(page.getByRole('alert')).toHaveText('Adresse bereits bestätigt — bitte anmelden.');
    await checkScreen(page, onPhone);
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Not approved yet: a notice about the account, not a red password field.
    await logIn(page, email, password);
    await expect(page.getByRole('alert')).toHaveText(
      'Ihr Zugang ist noch nicht freigeschaltet. Bitte warten Sie auf die Freigabe.',
    );
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveAttribute('aria-invalid', 'false');
    await checkScreen(page, onPhone);
  });
}
