import { expect, tenantUrl, test } from './support.ts';

test('the demo home loads the storefront with the tenant branding', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Demo');
  await expect(page.locator('header').getByRole('link').first()).toBeVisible();
  await expect(page.locator('footer')).toContainText('Sabores Demo');
  // Social links as icons named by their network, opening outside.
  const facebook = page.locator('footer').getByRole('link', { name: 'Facebook', exact: true });
  await expect(facebook).toHaveAttribute('href', 'https://facebook.com/');
  await expect(facebook).toHaveAttribute('target', '_blank');
  await expect(facebook.locator('svg path')).toHaveCount(1);
  await expect(page.locator('footer').getByRole('link', { name: 'Instagram', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('apiKey'))).toBe('demo-public-api-key-0001');
  expect(await page.evaluate(() => localStorage.getItem('colors_main_color'))).toBe('#c2410c');
  expect(errors).toEqual([]);
});

test('an unknown path answers 404 and shows the not-found text', async ({ page }) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Lo sentimos, página no encontrada!' })).toBeVisible();
  expect((await page.goto('/carta'))?.status()).toBe(200);
});

test('switching to English survives a reload', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the server-rendered header already holds the language selector, so hydration does not shift it', async ({
  request,
}) => {
  // The server's HTML as it arrives, before any script: the desktop header's selector is in it.
  const html = await (await request.get('/carta')).text();
  const header = /<header class="header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
  expect(header).toMatch(/<div class="header-language"><label class="language-selector">[\s\S]*?<select/);
});

test('an old stored version wipes local storage and records 1.0.2', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.evaluate(() => {
    localStorage.setItem('version', '1.0.1');
    localStorage.setItem('token', 'stale-token');
    localStorage.setItem('lang', 'en');
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lo sentimos, página no encontrada!' })).toBeVisible();
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored.version).toBe('1.0.2');
  expect(stored.token).toBeUndefined();
  expect(stored.lang).toBeUndefined();
});

test('guards: /register needs signup, member screens need a session, /landing needs a landing page', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/landing');
  await expect(page).not.toHaveURL(/\/landing$/);
  await page.goto('/reset-password/');
  await expect(page).not.toHaveURL(/reset-password/);
});

test('coupon and influencer links store their codes and move on', async ({ page }) => {
  await page.goto('/company/demo-main/code/BIENVENIDA/');
  await expect(page).toHaveURL(/\/products$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('coupon') ?? 'null'))).toEqual({
    company: 'demo-main',
    code: 'BIENVENIDA',
  });
  await page.goto('/in/influencer-42/');
  expect(await page.evaluate(() => localStorage.getItem('influencerUid'))).toBe('influencer-42');
});

test('the multisite app prefixes company routes and refuses companies it does not allow', async ({
  page,
}) => {
  await page.goto(tenantUrl('multi.localhost', '/c/multi-cafe/'));
  await expect(page).toHaveURL(/\/c\/multi-cafe\/products$/);
  expect(await page.evaluate(() => localStorage.getItem('selectedCompanyUid'))).toBe('multi-cafe');
  const refused = await page.goto(tenantUrl('multi.localhost', '/c/demo-main/'));
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Lo sentimos, página no encontrada!' })).toBeVisible();
});

test('a company of the multisite app without a store says so instead of bouncing home', async ({ page }) => {
  // The landing was already shown in this session: / is the company list.
  await page.addInitScript(() => sessionStorage.setItem('redirectLanding', 'true'));
  await page.goto(tenantUrl('multi.localhost', '/'));
  await page.getByRole('link', { name: 'Grifo Andino' }).click();
  await expect(page).toHaveURL(/\/c\/multi-grifo\/?$/);
  await expect(
    page.getByRole('heading', { name: 'Grifo Andino todavía no tiene tienda en línea' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver otras empresas' }).click();
  await expect(page.getByRole('link', { name: 'Grifo Andino' })).toBeVisible();
});
