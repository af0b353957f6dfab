import type { APIRequestContext } from '@playwright/test';
import { earnCoins, expect, joinProgram, newMember, presetCookieChoice, signIn, test } from './support.ts';

// Loyalty journeys (issue 6) against the demo program "Club Sabores" (demo-club): joining, level and
// stamp progress, promotions with their QR and paging, buying with coins, polls and raffles.

const PROGRAM = '/program/demo-club';

async function token(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v5/login/', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).token;
}

/** socio@demo.pe, read-only here: its exact points, stamps and promotions are asserted. */
const demoMember = async (request: APIRequestContext) => ({
  token: await token(request, 'socio@demo.pe', 'Demo1234!'),
});

test('a new member joins the program and starts at the first level with an empty stamp card', {
  tag: '@phone',
}, async ({ page, request }) => {
  await signIn(page, await newMember(request));
  await page.goto(PROGRAM);
  await expect(page.getByRole('heading', { name: 'Únete a Club Sabores' })).toBeVisible();
  await page.getByRole('button', { name: 'Unirme al programa' }).click();
  await expect(page.getByRole('heading', { name: 'Nivel Bronce' })).toBeVisible();
  await expect(page.getByText('Te faltan 200 puntos para llegar a Plata.')).toBeVisible();
  await expect(page.getByText('0 de 6 sellos')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nivel Bronce' })).toBeVisible();
});

test('the demo member sees the level progress and the stamp card, and the footer links to the program', async ({
  page,
  request,
}) => {
  await signIn(page, await demoMember(request));
  await page.goto(PROGRAM);
  await expect(page.getByRole('heading', { name: 'Nivel Bronce' })).toBeVisible();
  // 120 points between Bronce (0) and Plata (200): 60 %, 80 to go.
  await expect(
    page.getByRole('progressbar', { name: 'Progreso de puntos hacia el siguiente nivel' }),
  ).toHaveAttribute('aria-valuenow', '60');
  await expect(page.getByText('Te faltan 80 puntos para llegar a Plata.')).toBeVisible();
  await expect(page.getByText('2 de 6 sellos')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Sello 2 obtenido' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Sello 3 pendiente' })).toBeVisible();

  const column = page.locator('footer').getByRole('navigation', { name: 'Nuestro programa' });
  await column.getByRole('link', { name: 'Promociones' }).click();
  await expect(page).toHaveURL(/\/program\/demo-club#promotions$/);
  await expect(page.getByRole('heading', { name: 'Promociones', level: 2 })).toBeVisible();
  await page.locator('footer').getByRole('link', { name: 'Canjea productos' }).click();
  await expect(page).toHaveURL(/#products$/);
  await expect(page.getByRole('heading', { name: 'Canjea productos con tus monedas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chicha morada de regalo' })).toBeVisible();
});

test('promotions come 24 a page and the second page shows the rest', async ({ page, request }) => {
  const socio = await demoMember(request);
  const all = await request.get('/api/v5/me/programs/demo-club/promotions/', {
    headers: { Authorization: `Token ${socio.token}` },
  });
  const { count } = await all.json();
  expect(count).toBeGreaterThan(24);
  expect(count).toBeLessThan(48);
  await signIn(page, socio);
  await page.goto(`${PROGRAM}#promotions`);
  const cards = page.locator('.promotion-card');
  await expect(cards).toHaveCount(24);
  const pager = page.getByRole('navigation', { name: 'Páginas de Promociones' });
  await pager.getByRole('button', { name: 'Página 2' }).click();
  await expect(page).toHaveURL(/page=2#promotions$/);
  await expect(pager.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(cards).toHaveCount(count - 24);
  await page.getByLabel('Solo destacadas').check();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.locator('.promotion-grid')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.promotion-tag').first()).toBeVisible();
  await expect
    .poll(async () => (await page.locator('.promotion-tag').count()) === (await cards.count()))
    .toBe(true);
});

test('a promotion opens with its QR and coupon code', async ({ page, request }) => {
  const member = await newMember(request);
  await joinProgram(request, member);
  await signIn(page, member);
  await page.goto(`${PROGRAM}#promotions`);
  await page.getByRole('button', { name: 'Ver promoción: Rocoto relleno con 40% de descuento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rocoto relleno con 40% de descuento' });
  await expect(dialog.getByText('40% de descuento', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Ver código QR' }).click();
  const qr = dialog.getByRole('img', {
    name: 'Código QR de la promoción Rocoto relleno con 40% de descuento',
  });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const code = await dialog.getByText(/^Código: [A-Z0-9]{10}$/).textContent();
  await dialog.getByRole('button', { name: 'Obtener código de cupón' }).click();
  await expect(dialog.getByText(code ?? '')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/program\/demo-club#promotions$/);
});

test('buying a promotion with coins spends them; refusals show the server message', {
  tag: '@phone',
}, async ({ page, request }) => {
  // 3 × S/ 35 delivered: 105 coins.
  const rich = await newMember(request);
  await earnCoins(request, rich, 3);
  await signIn(page, rich);
  await page.goto(`${PROGRAM}#promotions`);
  await expect(page.getByTestId('program-coins')).toHaveText('105');
  await page.getByRole('button', { name: 'Ver promoción: Seco de res con 35% de descuento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seco de res con 35% de descuento' });
  await dialog.getByRole('button', { name: 'Canjear por 80 monedas' }).click();
  await expect(dialog.getByText('Cuesta 80 monedas: te quedarán 25.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Sí, canjear' }).click();
  await expect(
    dialog.getByText(
      /^¡Compra realizada! Muestra el código [A-Z0-9]{10} en el local para usarla\. Te quedan 25 monedas\.$/,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('program-coins')).toHaveText('25');

  // A member without coins is refused with "not enough coins"; a once-per-member promotion works once.
  await signIn(page, await newMember(request));
  await page.goto(PROGRAM);
  await page.getByRole('button', { name: 'Unirme al programa' }).click();
  await page.getByRole('link', { name: 'Promociones' }).first().click();
  await page.getByRole('button', { name: 'Ver promoción: Adobo arequipeño con 40% de descuento' }).click();
  const costly = page.getByRole('dialog', { name: 'Adobo arequipeño con 40% de descuento' });
  await expect(costly.getByText('Te faltan 50 monedas para canjear esta promoción.')).toBeVisible();
  await expect(costly.getByRole('button', { name: 'Canjear por 50 monedas' })).toBeDisabled();
  await costly.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: 'Ver promoción: Chicha morada de bienvenida' }).click();
  const welcome = page.getByRole('dialog', { name: 'Chicha morada de bienvenida' });
  await welcome.getByRole('button', { name: 'Canjear ahora' }).click();
  await welcome.getByRole('button', { name: 'Sí, canjear' }).click();
  await expect(welcome.getByText(/^¡Compra realizada!/)).toBeVisible();
  await welcome.getByRole('button', { name: 'Canjear ahora' }).click();
  await welcome.getByRole('button', { name: 'Sí, canjear' }).click();
  await expect(welcome.getByRole('alert')).toHaveText('Esta promoción ya fue utilizada');
});

test('a redeemable product out of reach shows the coins-missing message', async ({ page, request }) => {
  // 5 × S/ 35 delivered: 175 coins, enough for the gift (150) and not for the Lomo saltado (900).
  const member = await newMember(request);
  await earnCoins(request, member, 5);
  await signIn(page, member);
  await page.goto(`${PROGRAM}#products`);
  const lomo = page.locator('.redeemable-card', { hasText: 'Lomo saltado' });
  await expect(lomo).toBeVisible();
  await expect(lomo.getByText('Te faltan 725 monedas para canjear este Producto.')).toBeVisible();
  await expect(lomo.getByRole('button', { name: 'Canjear' })).toBeDisabled();
  await page
    .locator('.redeemable-card', { hasText: 'Chicha morada de regalo' })
    .getByRole('button', { name: 'Canjear' })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await page.evaluate(() => localStorage.getItem('ItemExchange'))).toBe('true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the redeem-products tab fits the screen, its place selector included', async ({ page, request }) => {
    const member = await newMember(request);
    await joinProgram(request, member);
    await signIn(page, member);
    await page.goto(`${PROGRAM}#products`);
    await expect(page.locator('.redeemable-card').first()).toBeVisible();
    // The selector of places was as wide as its longest place name: 462 px on a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('a poll needs every answer and is answered once', async ({ page, request }) => {
  await signIn(page, await newMember(request));
  await page.goto('/polls');
  await page.getByRole('button', { name: 'Responder: ¿Cómo te atendimos?' }).click();
  await page.getByRole('radio', { name: 'Excelente' }).check();
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Todas las preguntas de la encuesta deben ser respondidas',
  );
  await page.getByRole('radio', { name: 'Sí' }).check();
  await page.getByLabel('3. ¿Qué podemos mejorar?').fill('Más postres');
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText('¡Gracias por responder!')).toBeVisible();

  await page.getByRole('button', { name: 'Volver a las encuestas' }).click();
  // The pending list is back (other journeys, the admin's, may have added polls of their own to it)
  // and this poll has left it.
  const pending = page.getByRole('button', { name: /^Responder: / });
  await expect(page.getByText('No hay encuestas por responder.').or(pending.first())).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responder: ¿Cómo te atendimos?' })).toHaveCount(0);
  await page.getByText('Respondidas').click();
  await page.getByRole('button', { name: 'Ver encuesta: ¿Cómo te atendimos?' }).click();
  await expect(page.getByText('Ya respondiste esta encuesta. ¡Gracias!')).toBeVisible();
});

test('registering for a raffle needs the accepted terms', async ({ page, request }) => {
  await signIn(page, await newMember(request));
  await page.goto('/raffles');
  await page.getByRole('button', { name: 'Ver sorteo: Sorteo de aniversario' }).click();
  await expect(page.getByText('Premio: Cena para dos')).toBeVisible();
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Debes aceptar los términos y condiciones');
  await page.getByLabel('Local favorito').fill('Miraflores');
  await page.getByLabel('Acepto los términos y condiciones del sorteo').check();
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ya estás participando' })).toBeVisible();
  await page.getByRole('button', { name: 'Volver a los sorteos' }).click();
  await expect(page.getByText('Ya estás participando')).toBeVisible();
});

test('events list the company events, soonest first', async ({ page }) => {
  await presetCookieChoice(page);
  await page.goto('/events');
  const titles = page.locator('.activity-card h2');
  await expect(titles).toHaveText(['Taller de ceviche', 'Feria gastronómica Sabores']);
  await page.getByRole('button', { name: 'Ver evento: Feria gastronómica Sabores' }).click();
  await expect(page.getByText('Lugar: Parque Kennedy, Miraflores')).toBeVisible();
});

test('a visitor lands on the menu, and the program page shows the program, its levels and promotions', async ({
  page,
}) => {
  await presetCookieChoice(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/carta$/);
  await expect(page.getByRole('heading', { name: 'Sabores Demo', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mi pedido, 0 productos' })).toBeVisible();

  // The program and its promotions come inside the server's page: hydrating it asks for neither again.
  const programCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v5/programs/demo-club')) programCalls.push(request.url());
  });
  await page.goto(PROGRAM);
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('heading', { name: 'Club Sabores', level: 1 })).toBeVisible();
  await expect(page.getByText('Completa 6 sellos y llévate: Un ceviche clásico gratis.')).toBeVisible();
  const levels = page.getByRole('region', { name: 'Niveles del programa' });
  await expect(levels.getByRole('listitem')).toHaveText([/Bronce/, /Plata/, /Oro/]);
  const promotions = page.locator('.promotion-card');
  await expect(promotions).toHaveCount(24);
  await expect(promotions.first().locator('img')).toHaveJSProperty('naturalWidth', 640);
  expect(programCalls).toEqual([]);
  // Signing in is asked only to join or to redeem.
  await expect(
    page.getByRole('region', { name: 'Únete a Club Sabores' }).getByRole('link', { name: 'Iniciar sesión' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Inicia sesión para canjear: Chicha morada de bienvenida' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('raffles, polls and subscriptions are linked from the program page, the sidebar and the footer', async ({
  page,
  request,
}) => {
  await signIn(page, await demoMember(request));
  await page.goto(PROGRAM);
  const more = page.getByRole('navigation', { name: 'Más del programa' });
  await more.getByRole('link', { name: 'Sorteos' }).click();
  await expect(page).toHaveURL(/\/raffles\?program=demo-club$/);
  await expect(page.getByRole('heading', { name: 'Sorteos', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.locator('#sidebar').getByRole('link', { name: 'Encuestas' }).click();
  await expect(page).toHaveURL(/\/polls$/);
  await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();

  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Sorteos' })).toHaveAttribute('href', '/raffles');
  await footer.getByRole('link', { name: 'Suscripciones' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});
