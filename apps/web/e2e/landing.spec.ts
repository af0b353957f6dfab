import type { Page } from '@playwright/test';
import { expect, logIn, runAxe, tenantUrl, test, untilHydrated } from './support.ts';

const multi = (path: string) => tenantUrl('multi.localhost', path);

/** Stores the cookie choices so that the banner stays away (the cookie tests clear them). */
async function acceptedCookies(page: Page, ga = false) {
  await page.addInitScript((accept) => {
    // Init scripts run in every frame: the landing's sandboxed form frames have no storage.
    if (window !== window.top) return;
    localStorage.setItem('version', '1.0.2');
    localStorage.setItem('cookie_ga', String(accept));
    localStorage.setItem('cookie_guid', 'false');
  }, ga);
}

test('the MODEL_2 landing of multi.localhost shows each section type by the rules', async ({ page }) => {
  await acceptedCookies(page);
  await page.goto(multi('/landing'));
  for (const type of ['WELCOME', 'INFORMATIVE', 'CARD', 'SMALL_IMAGE', 'CAROUSEL', 'FORM', 'CONTACT']) {
    await expect(page.locator(`[data-type="${type}"]`).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Ver tiendas' })).toBeVisible(); // HEADER button
  await expect(page.getByTestId('whatsapp-button')).toHaveAttribute(
    'href',
    'https://web.whatsapp.com/send?phone=51987654321',
  );
  // WELCOME: own domain to products (ecommerce on), others outside.
  await expect(page.getByRole('link', { name: 'Comprar ahora' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Conoce más' })).toHaveAttribute('target', '_blank');
  await expect(page.locator('[data-type="INFORMATIVE"] article')).toHaveCount(3);
  await expect(page.locator('[data-type="INFORMATIVE"] article.reversed')).toHaveCount(1);
  const cards = page.locator('[data-type="CARD"] article');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1)).toHaveCSS('background-color', 'rgb(194, 65, 12)'); // 'c2410c' without #
  await expect(page.locator('[data-variant="images"] li')).toHaveCount(5);
  await expect(page.locator('[data-variant="cards"] article')).toHaveCount(3);
  await expect(page.locator('[data-type="FORM"] iframe')).toHaveAttribute(
    'src',
    /^https:\/\/docs\.google\.com/,
  );
  await expect(page.locator('[data-type="CONTACT"] a')).toHaveAttribute(
    'href',
    /text=Hola%21\+Estoy\+interesado\+en\+tu\+servicio/,
  );
  await expect(page.getByText('Sección inactiva')).toHaveCount(0);
});

test('the carousel advances every 4 s', async ({ page }) => {
  await acceptedCookies(page);
  await page.goto(multi('/landing'));
  const slide = page.locator('[data-type="CAROUSEL"] .carousel-slide');
  await expect(slide).toHaveAttribute('data-index', '0');
  await expect(slide).toContainText('Ana, Surco');
  await page.mouse.move(0, 0);
  await expect(slide).toHaveAttribute('data-index', '1', { timeout: 6000 });
  await expect(slide).toContainText('Luis, Miraflores');
});

test('on a narrow screen the WhatsApp button uses the mobile api link', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  const page = untilHydrated(await context.newPage());
  await acceptedCookies(page);
  await page.goto(multi('/landing'));
  await expect(page.getByTestId('whatsapp-button')).toHaveAttribute(
    'href',
    'https://api.whatsapp.com/send?phone=51987654321',
  );
  await context.close();
});

test.describe('a failing landing call', () => {
  test.use({ allowServerErrors: true });
  test("'Landing no valido' when the landing call fails", async ({ page }) => {
    await acceptedCookies(page);
    await page.route('**/api/v7/apps/*/landing/', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto(multi('/landing'));
    await expect(page.getByRole('heading', { name: 'Landing no valido' })).toBeVisible({ timeout: 15_000 });
  });
});

test('the landing redirect happens once per session', async ({ page }) => {
  await acceptedCookies(page);
  await page.goto(multi('/'));
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto(multi('/'));
  await expect(page).toHaveURL(multi('/'));
  expect(await page.evaluate(() => sessionStorage.getItem('redirectLanding'))).toBe('true');
});

test('a single-company landing app sends the first load of / to its landing, then home to the menu', async ({
  page,
}) => {
  await acceptedCookies(page);
  await page.goto(tenantUrl('landing.localhost', '/'));
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto(tenantUrl('landing.localhost', '/'));
  await expect(page).toHaveURL(/\/carta$/);
});

test('the default static landing has its navigation and sample content', async ({ page }) => {
  await acceptedCookies(page);
  await page.goto(tenantUrl('landing.localhost', '/landing'));
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  for (const name of ['Home', 'Beneficios', 'Eventos', 'Tienda', 'Canjea']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
});

test('the cookie banner: appears, accept all hides it and survives a reload', async ({ page, context }) => {
  await page.goto('/terms-and-conditions');
  const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Aceptar todo' }).click();
  await expect(banner).toBeHidden();
  const stored = await page.evaluate(() => [
    localStorage.getItem('cookie_ga'),
    localStorage.getItem('cookie_guid'),
  ]);
  expect(stored).toEqual(['true', 'true']);
  const guid = (await context.cookies()).find((cookie) => cookie.name === '_guid');
  expect(guid?.expires).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  expect(guid?.expires).toBeLessThan(Date.now() / 1000 + 25 * 3600);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Términos y condiciones' })).toBeVisible();
  await expect(banner).toBeHidden();
  // The guid preference is true but its cookie is gone: the banner asks again.
  await context.clearCookies({ name: '_guid' });
  await page.reload();
  await expect(banner).toBeVisible();
});

test('a choice made as a visitor is not asked again after signing in, a reload or signing out (issue 28)', async ({
  page,
}) => {
  await page.goto('/carta');
  const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
  await banner.getByRole('button', { name: 'Rechazar' }).click();
  await expect(banner).toBeHidden();
  await logIn(page, { email: 'socio@demo.pe', password: 'Demo1234!' });
  await expect(page.locator('header').getByRole('link', { name: 'Iniciar sesión' })).toBeHidden();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.locator('header').getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(
    await page.evaluate(() => [localStorage.getItem('cookie_ga'), localStorage.getItem('cookie_guid')]),
  ).toEqual(['false', 'false']);
});

test('consent is opt-in: every box starts unchecked, accept all and reject weigh the same', async ({
  page,
}) => {
  await page.goto('/faqs');
  const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
  const accept = banner.getByRole('button', { name: 'Aceptar todo' });
  const reject = banner.getByRole('button', { name: 'Rechazar', exact: true });
  // Equal choices: the same size, colours and type, side by side.
  const look = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return [
        style.backgroundColor,
        style.color,
        style.fontSize,
        style.fontWeight,
        style.borderStyle,
        box.width,
        box.height,
        box.top,
      ];
    });
  expect(await look(reject)).toEqual(await look(accept));
  await banner.getByText('Personalizar').click();
  const ga = banner.getByRole('checkbox', { name: /_ga/ });
  const guid = banner.getByRole('checkbox', { name: /_guid/ });
  await expect(ga).not.toBeChecked();
  await expect(guid).not.toBeChecked();
  // Only what the person checks is accepted.
  await ga.check();
  await banner.getByRole('button', { name: 'Guardar selección' }).click();
  await expect(banner).toBeHidden();
  expect(
    await page.evaluate(() => [localStorage.getItem('cookie_ga'), localStorage.getItem('cookie_guid')]),
  ).toEqual(['true', 'false']);
  await page.goto('/cookies/');
  await expect(page.getByRole('checkbox', { name: /_ga/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /_guid/ })).not.toBeChecked();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cookie banner covers neither the end of the page nor the menu', async ({ page }) => {
    // A page of fixed length (the menu's list grows as it scrolls).
    await page.goto('/terms-and-conditions');
    const banner = page.getByRole('dialog', { name: 'Usamos cookies' });
    await expect(banner).toBeVisible();
    const bannerTop = async () => (await banner.boundingBox())?.y ?? 0;
    // The banner leaves the phone's screen mostly to the page.
    expect(await bannerTop()).toBeGreaterThan(844 / 2);
    // Scrolled to the end, the footer's last line sits above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const legal = await page.locator('.footer-legal').boundingBox();
    expect((legal?.y ?? 0) + (legal?.height ?? 0)).toBeLessThanOrEqual(await bannerTop());
    // The menu (with its cart) ends above the banner.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = await page.locator('#sidebar').boundingBox();
    expect((menu?.y ?? 0) + (menu?.height ?? 0)).toBeLessThanOrEqual(await bannerTop());
  });
});

test('refusing analytics removes _ga and never downloads the analytics code', async ({ page, context }) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.123.456', domain: 'multi.localhost', path: '/' },
    { name: '_ga_DEMO', value: 'GS1.1', domain: 'multi.localhost', path: '/' },
  ]);
  await page.goto(multi('/faqs'));
  await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Usamos cookies' })).toBeHidden();
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('_ga');
  expect(names).not.toContain('_ga_DEMO');
  expect(await page.evaluate(() => localStorage.getItem('cookie_ga'))).toBe('false');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Preguntas frecuentes' })).toBeVisible();
  expect(chunks.filter((url) => url.includes('analytics-client'))).toEqual([]);
});

test('accepting analytics on an app with Firebase settings loads and starts it', async ({ page }) => {
  await page.goto(multi('/faqs'));
  const loaded = page.waitForRequest(/analytics-client/);
  await page.getByRole('button', { name: 'Aceptar todo' }).click();
  await loaded;
  await expect(page.locator('html')).toHaveAttribute('data-analytics', 'started');
});

test('the demo app (few Firebase settings) never loads analytics, even when accepted', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await acceptedCookies(page, true);
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { name: '¿Cómo acumulo monedas?' })).toBeVisible();
  expect(chunks.filter((url) => url.includes('analytics-client'))).toEqual([]);
});

test('terms and privacy show the built-in texts, in Spanish and English', async ({ page }) => {
  await acceptedCookies(page);
  // An app without texts of its own (the admin's content journey edits the demo app's terms).
  await page.goto(tenantUrl('doc.localhost', '/terms-and-conditions'));
  await expect(page.getByText(/leyes de la República del Perú/)).toBeVisible();
  await expect(page.getByText(/ciudad de Lima/)).toBeVisible();
  await expect(page.getByText(/al menos 18 años/)).toBeVisible();
  await page.goto(tenantUrl('doc.localhost', '/politics'));
  await expect(page.getByText(/1 de abril de 2020.*25 de julio de 2020/)).toBeVisible();
  await expect(page.getByText(/acceso, rectificación, cancelación y oposición/)).toBeVisible();
  await expect(page.getByText(/20 días hábiles/)).toBeVisible();
  await expect(page.getByText(/15 días hábiles/)).toBeVisible();
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByText(/access, rectify, cancel and object/)).toBeVisible();
});

for (const [name, url] of [
  ['landing', multi('/landing')],
  ['default landing', tenantUrl('landing.localhost', '/landing')],
  ['FAQs', '/faqs'],
  ['terms', '/terms-and-conditions'],
  ['privacy', '/politics'],
  ['cookies', '/cookies/'],
  ['cookie banner', '/faqs?banner'],
] as const) {
  test(`axe: no serious or critical violation on the ${name} page`, async ({ page }) => {
    if (name !== 'cookie banner') await acceptedCookies(page);
    await page.goto(url);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    if (name === 'cookie banner') await expect(page.getByRole('dialog')).toBeVisible();
    if (name === 'landing') await expect(page.locator('[data-type="CONTACT"]')).toBeVisible();
    const violations = await runAxe(page, { frames: true });
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
}
