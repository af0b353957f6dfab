import { expect, test } from '@playwright/test';

test('a 401 on the user fetch clears the token and reloads as a visitor', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.evaluate(() => localStorage.setItem('token', 'revoked-or-unknown-token'));
  const meAnswered = page.waitForResponse((res) => res.url().includes('/api/v5/me/') && res.status() === 401);
  await page.reload();
  await meAnswered;
  // The storefront clears the token and reloads itself: read storage until it is gone, retrying while
  // the page navigates.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'navigating'))
    .toBeNull();
  await expect(page.locator('header').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
});
