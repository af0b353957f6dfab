import { expect, newMember, presetCookieChoice, signIn, test, untilHydrated } from './support.ts';

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

test('logging out goes home without passing by /login, and ends the session in the other tabs too', async ({
  context,
  page,
  request,
}) => {
  const member = await newMember(request);
  // Where / takes a visitor of the demo (a program page or the menu).
  await presetCookieChoice(page);
  await page.goto('/');
  await page.waitForURL((url) => url.pathname !== '/');
  const home = new URL(page.url()).pathname;

  await signIn(page, member);
  await page.goto('/profile');
  const other = untilHydrated(await context.newPage());
  await other.goto('/orders');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL((url) => url.pathname === home);
  expect(visited).not.toContain('/login');
  await expect(page.locator('header').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  // The other tab leaves the orders page for home as well.
  await expect(other).toHaveURL((url) => url.pathname === home);
});
