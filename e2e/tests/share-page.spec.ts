import fs from 'node:fs';
import { expect, request as apiRequest, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { DESKTOP, PHONE, expectNoAxeViolations, expectNoHorizontalScroll } from '../support/checks';
import { decideConsentUpFront, uniqueEmail } from '../support/pages';
import { linkFrom, mediabox, waitForMail } from '../support/portal';
import { zipEntryNames } from '../support/zip';

/**
 * Issue 20.1: the mailed link of "send cart" opens a share page for a guest, which still starts the
 * zip by itself and lists each file (delivered name, size) with its own download, in German, on a
 * desktop and on a phone.
 */

const PASSWORD = 'Teilen-Test-1';

/** Sends a cart of two Espresso pictures (their main formats) to `recipient` through the API; answers the mailed link. */
async function sendCartTo(recipient: string): Promise<string> {
  const email = uniqueEmail('sender');
  mediabox('user', 'add', '--email', email, '--password', PASSWORD, '--firstname', 'Sina');
  const api = await apiRequest.newContext({ baseURL });
  const login = await api.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const search = await api.post('/api/search/', {
    headers,
    data: { query: 'Espresso', offset: 0, limit: 2 },
  });
  const ids = ((await search.json()) as { results: { id: number }[] }).results.map((asset) => asset.id);
  expect(ids).toHaveLength(2);
  expect((await api.put('/api/cart/', { headers, data: { assetIds: ids } })).ok()).toBe(true);
  const sent = await api.post('/api/cart/send', {
    headers,
    data: {
      form: { email: recipient, subject: 'Bilder zum Teilen', text: '', copyCheckbox: false },
      lang: 'de',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await api.dispose();
  return linkFrom(await waitForMail(recipient, /Bilder zum Teilen/), `${baseURL}/download/`);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`a guest opens the mailed link on a ${label}: the zip starts, the files are listed and one downloads alone`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const link = await sendCartTo(uniqueEmail('agentur'));
    expect(link).toContain('?lang=de');
    await page.setViewportSize(viewport);
    await decideConsentUpFront(page);

    const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.goto(link)]);
    const zip = fs.readFileSync(await zipDownload.path());
    const names = zipEntryNames(zip);
    expect(names).toHaveLength(2);
    await expect(page.getByRole('heading', { name: 'Ihr Download startet automatisch.' })).toBeVisible();

    // Validity, the whole zip with its size, and every entry of the zip by its name.
    await expect(page.getByText(/^Gültig bis \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Alle als ZIP \(.+\)$/ })).toBeVisible();
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows).toHaveCount(2);
    for (const [index, name] of names.entries()) {
      await expect(rows.nth(index)).toContainText(name);
      await expect(rows.nth(index)).toContainText(/\d+(,\d)? (B|KB|MB)$/);
    }
    // Thumbnails come from our origin under the strict CSP, and load.
    await expect
      .poll(() =>
        rows
          .locator('img')
          .evaluateAll(
            (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
          ),
      )
      .toBeGreaterThanOrEqual(1);

    // One file alone: the very bytes the zip holds under that name (stored entries: a slice of the zip).
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `${names[1]} herunterladen` }).click(),
    ]);
    expect(single.suggestedFilename()).toBe(names[1]);
    const bytes = fs.readFileSync(await single.path());
    expect(bytes.length).toBeGreaterThan(0);
    expect(zip.indexOf(bytes)).toBeGreaterThan(0);

    await expectNoAxeViolations(page);
    if (viewport === PHONE) await expectNoHorizontalScroll(page);

    // The footer's switch turns the page into English.
    await page.getByRole('contentinfo').getByRole('button', { name: /^EN/ }).click();
    await expect(page.getByText(/^Valid until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByRole('link', { name: `Download ${names[0]}` })).toBeVisible();
  });
}
