import type { Page } from '@playwright/test';
import {
  axeViolations,
  expect,
  joinProgram,
  newMember,
  presetCookieChoice,
  tenantUrl,
  test,
} from './support.ts';

const API_KEY = 'demo-public-api-key-0001';

/** Scrolls to the end of the product list until every page is loaded. */
async function scrollToEnd(page: Page) {
  const end = page.getByTestId('list-end');
  await expect(async () => {
    await end.scrollIntoViewIfNeeded();
    await expect(end).toHaveAttribute('data-complete', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const cartOf = (page: Page, placeUid: string) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `cart_${placeUid}`);

test('a visitor picks city, place and category on /carta, scrolls the whole menu, and orders from /products', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/carta');
  await expect(page.getByRole('heading', { name: 'Sabores Demo', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a la web' })).toHaveAttribute('href', '/');
  await expect(page.locator('.carta-banner')).toHaveAttribute('src', '/demo/banner.svg');

  // City, then place: both persisted; the place list follows the city.
  const city = page.getByLabel('Ciudad');
  // Other journeys add cities of their own (the admin's places journey): the demo's are among them.
  await expect(city.locator('option')).toContainText(['Arequipa', 'Lima']);
  await city.selectOption('area-lima');
  const place = page.getByLabel('Tienda', { exact: true });
  await expect(place.locator('option')).toHaveText([
    'Miraflores · Av. Larco 345, Miraflores',
    'San Isidro · Av. Camino Real 120, San Isidro',
  ]);
  await place.selectOption('place-san-isidro');
  expect(await page.evaluate(() => [localStorage.selectedAreaUid, localStorage.selectedPlaceUid])).toEqual([
    'area-lima',
    'place-san-isidro',
  ]);

  // One category at a time, stored as a list; the products reload.
  const cards = page.locator('.product-grid .product-card');
  await page.getByRole('button', { name: 'Platos de fondo' }).click();
  await expect(page.getByRole('button', { name: 'Platos de fondo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.sectionSearchProduct)).toBe('pc-fondos');
  await expect(cards.filter({ hasText: 'Lomo saltado' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Agua mineral' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Adobo arequipeño' })).toHaveCount(0);

  // The whole menu, page after page, as the visitor scrolls to the end.
  await page.getByRole('button', { name: 'Todos' }).click();
  const menu = await request.get('/api/v7/places/place-san-isidro/products/', {
    headers: { 'API-KEY': API_KEY },
  });
  const { count } = await menu.json();
  expect(count).toBeGreaterThan(25);
  await scrollToEnd(page);
  await expect(cards).toHaveCount(count);
  await expect(cards.filter({ hasText: 'Chilcano de pescado' })).toContainText('Sin stock');

  // Signed out, /carta orders nothing: a tap says why (the next journey follows it to the sign-in).
  await expect(page.getByRole('link', { name: 'Inicia sesión para hacer tu pedido.' })).toBeVisible();
  await page.getByRole('button', { name: /^Lomo saltado Lomo fino/ }).click();
  await expect(page.getByRole('dialog', { name: 'Lomo saltado' })).toContainText('Para pedir Lomo saltado');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Lomo saltado' })).toHaveCount(0);

  // The store (/products) keeps the place and opens the popup.
  await page.goto('/products');
  await expect(page.getByLabel('Tienda', { exact: true })).toHaveValue('place-san-isidro');
  await page.getByRole('button', { name: 'Platos de fondo' }).click();
  await page.getByRole('button', { name: /Lomo saltado/ }).click();
  const popup = page.getByRole('dialog', { name: 'Lomo saltado' });
  await expect(popup.getByText('Elige mínimo 1', { exact: true })).toBeVisible();
  await expect(popup.getByText('Elige máximo 2 opción(es)', { exact: true })).toBeVisible();
  const add = popup.getByRole('button', { name: /Agregar S\/ 35\.00/ });
  await expect(add).toBeDisabled();
  // Why it is off, said on screen and to screen readers (issue 14).
  await expect(add).toHaveAccessibleDescription(
    'Término de la carne: elige mínimo 1 opción(es) para continuar.',
  );
  await popup.getByLabel('Jugoso').check();
  await expect(add).toBeEnabled();
  // Past the maximum of a group, add is disabled again.
  for (const extra of ['Huevo frito', 'Plátano frito', 'Porción de arroz']) {
    await popup.getByLabel(extra).check();
  }
  await expect(popup.getByRole('button', { name: /Agregar/ })).toBeDisabled();
  await popup.getByLabel('Porción de arroz').uncheck();
  await popup.getByLabel('Plátano frito').uncheck();
  await popup.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await popup.getByRole('button', { name: /Agregar S\/ 75\.00/ }).click();
  await expect(page.getByText('Se agregó el producto a su carrito')).toBeVisible();
  const cart = await cartOf(page, 'place-san-isidro');
  expect(cart.products['p-lomo-saltado_0']).toMatchObject({
    id: 'p-lomo-saltado_0',
    uid: 'p-lomo-saltado',
    name: 'Lomo saltado',
    quantity: 2,
    unit_price: '35.00',
    direct_purchase: false,
  });
  expect(
    cart.products['p-lomo-saltado_0'].option_groups.map((group: { options: { name: string }[] }) =>
      group.options.map((option) => option.name),
    ),
  ).toEqual([['Jugoso'], ['Huevo frito']]);

  // Opened again it edits the line; at quantity 0 it removes it.
  await page.getByRole('button', { name: /Lomo saltado/ }).click();
  await expect(popup.getByLabel('Jugoso')).toBeChecked();
  await popup.getByRole('button', { name: 'Disminuir cantidad' }).click();
  await expect(popup.getByRole('button', { name: /Editar/ })).toBeEnabled();
  await popup.getByRole('button', { name: 'Disminuir cantidad' }).click();
  await expect(popup.getByRole('button', { name: 'Disminuir cantidad' })).toBeDisabled();
  await popup.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Se ha eliminado el producto de su carrito')).toBeVisible();
  expect(await cartOf(page, 'place-san-isidro')).toBeNull();
  expect(errors).toEqual([]);
});

test('a visitor who taps a product on /carta is told to sign in, and comes back to that product', {
  tag: '@phone',
}, async ({ page, request }) => {
  const member = await newMember(request);
  await presetCookieChoice(page);
  await page.goto('/carta');
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
  await page.getByRole('button', { name: 'Platos de fondo' }).click();
  const card = page.getByRole('button', { name: /^Lomo saltado/ });

  // By keyboard: the card opens the prompt, Escape closes it and gives the focus back to the card.
  await card.focus();
  await page.keyboard.press('Enter');
  const prompt = page.getByRole('dialog', { name: 'Lomo saltado' });
  await expect(prompt).toHaveAccessibleDescription(
    'Para pedir Lomo saltado, inicia sesión o crea tu cuenta. Luego volverás aquí para elegirlo.',
  );
  await expect(prompt.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/register');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(prompt).toHaveCount(0);
  await expect(card).toBeFocused();

  await card.click();
  await prompt.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').fill(member.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  // Back on the menu with that product open, now to order.
  await expect(page).toHaveURL(/\/carta\?product=p-lomo-saltado$/);
  const popup = page.getByRole('dialog', { name: 'Lomo saltado' });
  await popup.getByLabel('Jugoso').check();
  await popup.getByRole('button', { name: /Agregar S\/ 35\.00/ }).click();
  await expect(page.getByText('Se agregó el producto a su carrito')).toBeVisible();
  await expect(page).toHaveURL(/\/carta$/);
  expect((await cartOf(page, 'place-miraflores')).products['p-lomo-saltado_0']).toMatchObject({
    quantity: 1,
  });
});

test('stock caps the quantity and a direct purchase shows its instructions', async ({ page }) => {
  await page.goto('/products');
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
  await page.getByRole('button', { name: 'Entradas' }).click();
  await page.getByRole('button', { name: /Leche de tigre/ }).click();
  const popup = page.getByRole('dialog', { name: 'Leche de tigre' });
  const more = popup.getByRole('button', { name: 'Aumentar cantidad' });
  await more.click();
  await more.click();
  await expect(popup.locator('output')).toHaveText('3');
  await expect(more).toBeDisabled();
  await popup.getByRole('button', { name: 'Cerrar' }).click();

  await page.getByRole('button', { name: 'Canjes y combos' }).click();
  await page.getByRole('button', { name: /Combo familiar/ }).click();
  const combo = page.getByRole('dialog', { name: /Combo familiar/ });
  await expect(combo.getByText('Indica qué producto quieres.')).toBeVisible();
  await combo.getByRole('button', { name: /Agregar/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await page.evaluate(() => localStorage.skipUpdate)).toBe('true');
});

test('the sidebar holds the city selector, shared with the page', async ({ page }) => {
  await page.goto('/carta');
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const sidebar = page.locator('#sidebar');
  await sidebar.getByLabel('Ciudad').selectOption('area-arequipa');
  await expect(page.locator('main').getByLabel('Tienda', { exact: true }).locator('option')).toHaveText([
    'Cayma · Av. Ejército 800, Cayma',
    'Yanahuara · Calle Jerusalén 210, Yanahuara',
  ]);
  expect(await page.evaluate(() => localStorage.selectedAreaUid)).toBe('area-arequipa');
});

test('a member on /carta opens products from the list', async ({ page, request }) => {
  const { token } = await newMember(request);
  await page.goto('/carta');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto('/carta');
  // A member's new city is saved on the profile too.
  await page.getByLabel('Ciudad').selectOption('area-arequipa');
  await expect(async () => {
    const me = await request.get('/api/v5/me/', {
      headers: { 'API-KEY': API_KEY, Authorization: `Token ${token}` },
    });
    expect((await me.json()).area).toBe('area-arequipa');
  }).toPass({ timeout: 5000 });
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByRole('button', { name: 'Entradas' }).click();
  await page.getByRole('button', { name: /Anticuchos de corazón/ }).click();
  const popup = page.getByRole('dialog', { name: 'Anticuchos de corazón' });
  await expect(popup.getByRole('button', { name: /Agregar/ })).toBeDisabled();
  await popup.getByLabel('Choclo').check();
  await expect(popup.getByRole('button', { name: /Agregar S\/ 24\.00/ })).toBeEnabled();
});

test('a member short of coins sees what a redeemable product is missing', async ({ page, request }) => {
  const member = await newMember(request);
  await joinProgram(request, member);
  const { token } = member;
  const program = await request.get('/api/v5/me/programs/demo-club/', {
    headers: { 'API-KEY': API_KEY, Authorization: `Token ${token}` },
  });
  const { coins } = await program.json();
  expect(coins).toBe(0);
  await page.goto('/products');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Canjes y combos' }).click();
  const card = page.getByRole('button', { name: /Lomo saltado de canje/ });
  await expect(card).toContainText('900 monedas');
  await expect(card).toContainText(`Te faltan ${900 - coins} monedas para canjear este Producto.`);
});

test('the multisite app: /carta with the default banner, the company and category view', async ({ page }) => {
  await page.goto(tenantUrl('multi.localhost', '/carta'));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toBeEmpty();
  await expect(page.locator('.carta-banner')).toHaveAttribute('src', /default-banner/);
  // One city only: no city to choose, and its one place is chosen.
  await expect(page.getByLabel('Ciudad')).toHaveCount(0);
  await expect(page.getByLabel('Tienda', { exact: true })).toHaveValue('multi-place-centro');
  await expect(page.locator('.product-grid .product-card').filter({ hasText: 'Queso fresco' })).toHaveCount(
    1,
  );

  // The landing redirect has happened this session; / shows the multi-company view.
  await page.evaluate(() => sessionStorage.setItem('redirectLanding', 'true'));
  await page.goto(tenantUrl('multi.localhost', '/'));
  await page.getByRole('link', { name: 'Comida' }).click();
  await expect(page).toHaveURL(/\/categories\/cat-food$/);
  await expect(page.getByRole('heading', { name: 'Comida' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Café del Parque' })).toHaveAttribute('href', '/c/multi-cafe/');
});
