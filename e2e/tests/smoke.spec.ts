import { expect, test } from '@playwright/test';

test('the portal answers and sends a guest to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle(/^Mediabox/);
});
