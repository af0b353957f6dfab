import type { APIRequestContext, Page } from '@playwright/test';
import {
  digits,
  E2E_PORT,
  expect,
  newMember,
  presetCookieChoice,
  test,
  untilHydrated,
} from '../../web/e2e/support.ts';
import {
  ADMIN,
  API,
  checkAxe,
  DEMO_COMPANY,
  openFromMenu,
  ownerApi,
  PASSWORD,
  signInAdmin,
} from './admin-support.ts';

// A browser in Spanish (the site follows the browser's language until one is picked), on a tablet-sized
// screen (1024×768): desktop first, usable on a tablet.
test.use({ locale: 'es-PE', viewport: { width: 1024, height: 768 } });

/** A category and a product in it, sold at Miraflores: made through the admin API. */
async function productAtMiraflores(request: APIRequestContext, name: string, price: string) {
  const api = await ownerApi(request);
  const suffix = digits(5);
  const category = await request.post(`${api.base}/categories/`, {
    headers: api.headers,
    data: { name: `${name} ${suffix}` },
  });
  expect(category.status(), await category.text()).toBe(201);
  const created = await request.post(`${api.base}/products/`, {
    headers: api.headers,
    data: { title: `${name} ${suffix}`, price, category_uid: (await category.json()).uid },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { uid } = await created.json();
  const offered = await request.post(`${api.base}/availability/`, {
    headers: api.headers,
    data: { place: 'place-miraflores', product: uid },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  return { api, uid, title: `${name} ${suffix}`, category: `${name} ${suffix}` };
}

/** The storefront's menu at Miraflores (Lima), filtered to one category. */
async function menuCategory(page: Page, category: string) {
  await page.goto(`http://localhost:${E2E_PORT}/carta`);
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
  // The category's chip, not the card of the product that shares its name.
  await page.getByRole('button', { name: category, exact: true }).click();
  return page.locator('.product-grid .product-card');
}

test('an owner signs in, picks the demo company, creates a category and a product, and /carta shows it', async ({
  page,
}) => {
  // Five screens, each checked by axe, then the storefront: more than the default 30 s on a loaded machine.
  test.slow();
  const suffix = digits(5);
  const category = `Postres ${suffix}`;
  const product = `Suspiro limeño ${suffix}`;
  await signInAdmin(page, 'dueno@demo.pe', { axe: true });

  await openFromMenu(page, 'Categorías');
  await expect(page).toHaveURL(`${ADMIN}/categories`);
  await checkAxe(page, 'categories');
  await page.getByRole('link', { name: 'Crear' }).click();
  await checkAxe(page, 'category create');
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(category);
  await page.getByLabel('Color').fill('#8E24AA');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('cell', { name: category })).toBeVisible();

  await openFromMenu(page, 'Productos');
  await checkAxe(page, 'products');
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(product);
  await page.getByLabel('Descripción corta').fill('Manjar blanco con merengue al oporto.');
  await page.getByLabel('Precio (S/)').fill('12.50');
  await page.getByLabel('Categoría').fill(category);
  await page.getByRole('option', { name: category }).click();
  // A required option group with two options.
  await page.getByRole('button', { name: 'Añadir' }).first().click();
  const group = page.locator('[class*=RaSimpleFormIterator-line]').first();
  await group.getByLabel('Nombre del grupo').fill('Tamaño');
  await group.getByLabel('Mínimo a elegir').fill('1');
  await group.getByLabel('Máximo a elegir').fill('1');
  for (const [index, [name, price]] of [
    ['Individual', '0'],
    ['Para compartir', '8.00'],
  ].entries()) {
    await group.getByRole('button', { name: 'Añadir' }).click();
    const option = group.locator('[class*=RaSimpleFormIterator-line]').nth(index);
    await option.getByLabel('Opción').fill(name as string);
    await option.getByLabel('Precio extra (S/)').fill(price as string);
  }
  await checkAxe(page, 'product create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[^/]+$/);
  // Sold at every place, as the form offered (issue 28).
  await expect(
    page
      .getByRole('region', { name: 'Dónde se vende' })
      .getByRole('listitem')
      .filter({ hasText: 'Miraflores' }),
  ).toContainText('S/ 12.50 · stock ilimitado');
  await checkAxe(page, 'product edit');

  // The storefront's menu shows it at once, in its category.
  const cards = await menuCategory(page, category);
  await expect(cards.filter({ hasText: product })).toHaveCount(1);
  await expect(cards.filter({ hasText: product })).toContainText('12.50');
});

test('an owner changes a price and the storefront menu shows it; a stale save says so and keeps the form', async ({
  page,
  request,
}) => {
  const { api, uid, title, category } = await productAtMiraflores(request, 'Chicha morada', '6.00');

  await signInAdmin(page, 'dueno@demo.pe');
  await page.goto(`${ADMIN}/products/${uid}`);
  await page.getByLabel('Precio (S/)').fill('7.50');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();

  const cards = await menuCategory(page, category);
  await expect(cards.filter({ hasText: title })).toContainText('7.50');

  // Someone else saves first: this form's save answers 409, says so, and keeps what was typed.
  await page.goto(`${ADMIN}/products/${uid}`);
  await expect(page.getByLabel('Precio (S/)')).toHaveValue('7.50');
  const other = await request.patch(`${api.base}/products/${uid}/`, {
    headers: api.headers,
    data: { price: '8.00' },
  });
  expect(other.status(), await other.text()).toBe(200);
  await page.getByLabel('Precio (S/)').fill('9.00');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Alguien más cambió este registro')).toBeVisible();
  await expect(page.getByLabel('Precio (S/)')).toHaveValue('9.00');
  const now = await request.get(`${api.base}/products/${uid}/`, { headers: api.headers });
  expect((await now.json()).price).toBe('8.00');

  // Reloaded, the form shows their price; a copy of the product opens for editing.
  await page.reload();
  await expect(page.getByLabel('Precio (S/)')).toHaveValue('8.00');
  await page.getByRole('button', { name: 'Duplicar' }).click();
  await expect(page.getByText('Producto duplicado')).toBeVisible();
  await expect(page).not.toHaveURL(`${ADMIN}/products/${uid}`);
  await expect(page.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(`${title} (copia)`);
});

test('an owner marks a product sold out now at one place and the storefront shows it at once; the audit log lists it', async ({
  page,
  request,
}) => {
  test.slow();
  const { api, uid, title, category } = await productAtMiraflores(request, 'Picarones', '10.00');
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Disponibilidad');
  await expect(page).toHaveURL(`${ADMIN}/availability`);
  await page.getByRole('combobox', { name: 'Producto' }).fill(title);
  await page.getByRole('option', { name: title }).click();
  const soldOut = page.getByRole('checkbox', { name: `${title} agotado ahora en Miraflores` });
  await expect(soldOut).not.toBeChecked();
  await checkAxe(page, 'availability');

  // A stock of 2 units at Miraflores.
  const stock = page.getByRole('textbox', { name: `Stock de ${title} en Miraflores` });
  await expect(stock).toHaveValue('');
  await stock.fill('2');
  await page.getByRole('row').filter({ has: stock }).getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Disponibilidad guardada')).toBeVisible();
  const row = await request.get(`${api.base}/availability/place-miraflores.${uid}/`, {
    headers: api.headers,
  });
  expect((await row.json()).stock).toBe(2);
  await soldOut.click();
  await expect(page.getByText('Marcado como agotado')).toBeVisible();
  await expect(soldOut).toBeChecked();
  // Sorted by place, the row is still there (the API sorts).
  await page.getByRole('button', { name: 'Local' }).click();
  await expect(page).toHaveURL(/sort=place/);
  await expect(soldOut).toBeChecked();

  const cards = await menuCategory(page, category);
  await expect(cards.filter({ hasText: title })).toContainText('Sin stock');

  await page.goto(`${ADMIN}/audit-log`);
  await expect(page.getByRole('heading', { name: 'Registro de cambios', level: 1 })).toBeVisible();
  await checkAxe(page, 'audit log');
  // Its lines, newest first: the sold-out switch, then the stock; a line opens on the fields before and after.
  const lines = page.getByRole('row').filter({ hasText: `place-miraflores.${uid}` });
  await expect(lines.first()).toContainText('Cambió');
  await expect(lines.first()).toContainText('Disponibilidad');
  await expect(lines.first()).toContainText('Rosa');
  await lines.first().click();
  await expect(page.getByRole('heading', { name: 'Antes', level: 2 })).toBeVisible();
  await expect(page.locator('pre').last()).toContainText('"stock": 0');
  await checkAxe(page, 'audit log line');
});

test('a manager does not see or reach the owner-only screens', async ({ page }) => {
  await signInAdmin(page, 'gerente@demo.pe', { at: '/' });
  // Issue 28: the back office opens on the dashboard, first in the menu.
  await expect(page).toHaveURL(`${ADMIN}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Tablero', level: 1 })).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toHaveAccessibleName('Tablero');
  await expect(page.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Registro de cambios' })).toHaveCount(0);
  await page.goto(`${ADMIN}/audit-log`);
  await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
  await checkAxe(page, 'access denied');
});

test('a wrong password is refused with the API message; in English, an owner switches company, signs out, and the company stays remembered', async ({
  page,
}) => {
  await page.goto(`${ADMIN}/products`);
  await expect(page).toHaveURL(`${ADMIN}/login`);
  await page.getByLabel('Correo electrónico').fill('dueno@demo.pe');
  await page.getByLabel('Contraseña').fill('wrong-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('No puede iniciar sesión con las credenciales proporcionadas.')).toBeVisible();
  await expect(page).toHaveURL(`${ADMIN}/login`);

  await page.getByRole('button', { name: 'Español' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Manage your shop' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checkAxe(page, 'sign-in (en)');
  await page.getByLabel('Email').fill('dueno@demo.pe');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  // The screen opened signed out comes after the sign-in and the picker.
  await expect(page).toHaveURL(`${ADMIN}/products`);
  await expect(page.getByRole('menuitem', { name: 'Products' })).toBeVisible();

  // Switch company: back to the picker, which marks the current one, then to the first screen.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Switch company' }).click();
  await expect(page.getByRole('heading', { name: 'Pick a company' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(DEMO_COMPANY) }).click();
  await expect(page.getByTestId('current-company')).toHaveText(DEMO_COMPANY);
  await expect(page).toHaveURL(`${ADMIN}/dashboard`);
  await expect(page.getByRole('menuitem').first()).toHaveAccessibleName('Dashboard');

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Manage your shop' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin.token'))).toBeNull();

  // Signing in again opens the remembered company at once, on the screen signed out from.
  await page.getByLabel('Email').fill('dueno@demo.pe');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-company')).toHaveText(DEMO_COMPANY);
  await expect(page).toHaveURL(`${ADMIN}/dashboard`);
});

test('a revoked session signs out at its next call', async ({ page, request }) => {
  await signInAdmin(page, 'gerente@demo.pe');
  const token = await page.evaluate(() => localStorage.getItem('admin.token'));
  const revoked = await request.delete(`${API}/session/`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(revoked.status()).toBe(204);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Administración de tu tienda' })).toBeVisible();
  await expect(page).toHaveURL(`${ADMIN}/login`);
  expect(await page.evaluate(() => localStorage.getItem('admin.token'))).toBeNull();
});

test("an owner revokes a cashier and the cashier's open order board closes at once", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // A cashier of its own (a member made staff at Miraflores), so that the journeys using the demo
  // cashier keep it while this one runs alongside them.
  const api = await ownerApi(request);
  const member = await newMember(request);
  const invited = await request.post(`${api.base}/staff/`, {
    headers: api.headers,
    data: { email: member.email, role: 'staff', places: ['place-miraflores'] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const person = await invited.json();

  // The cashier's order board at Miraflores, live, in a second browser.
  const cashier = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}`, locale: 'es-PE' });
  const board = untilHydrated(await cashier.newPage());
  await presetCookieChoice(board);
  await board.addInitScript((token) => localStorage.setItem('token', token), member.token);
  await board.goto('/retail?place=place-miraflores&tab=orders');
  await expect(board.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();

  await signInAdmin(page, 'dueno@demo.pe');
  await page.getByRole('menuitem', { name: 'Personal' }).click();
  await expect(page.getByRole('cell', { name: 'Dueño' })).toBeVisible();
  await checkAxe(page, 'staff list');
  await page.goto(`${ADMIN}/staff/${person.uid}`);
  await expect(page.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(member.email);
  await checkAxe(page, 'staff edit');
  await page.getByRole('button', { name: 'Quitar acceso' }).click();
  const dialog = page.getByRole('dialog', { name: `Quitar el acceso de ${member.email}` });
  await expect(dialog).toBeVisible();
  await checkAxe(page, 'revoke dialog');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('cell', { name: 'gerente@demo.pe' })).toBeVisible();
  await expect(page.getByRole('cell', { name: member.email })).toHaveCount(0);

  // The board's stream ends within the server's one-second check, and its reconnection is refused.
  await expect(board.getByRole('status')).toHaveText('La sesión terminó: vuelve a iniciar sesión.', {
    timeout: 5000,
  });
  await cashier.close();
});

test('an owner invites a new person by e-mail; a manager neither sees nor opens Staff', async ({ page }) => {
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Personal');
  await expect(page).toHaveURL(`${ADMIN}/staff`);
  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page).toHaveURL(`${ADMIN}/staff/create`);
  const address = `cajero.${digits(6)}@demo.pe`;
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(address);
  await page.getByLabel('Locales').click();
  await page.getByRole('option', { name: 'Miraflores' }).first().click();
  await checkAxe(page, 'staff invite');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('Personal de tienda');
  await expect(row).toContainText('Miraflores');

  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  // Forget the remembered company, so that the manager picks it as on a new browser.
  await page.evaluate(() => localStorage.clear());
  await signInAdmin(page, 'gerente@demo.pe');
  await expect(page.getByRole('menuitem', { name: 'Productos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Personal' })).toHaveCount(0);
  await page.goto(`${ADMIN}/staff`);
  await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
});

test('an owner sells a product at another place, picked from the places list', async ({ page, request }) => {
  const { title, uid } = await productAtMiraflores(request, 'Alfajores', '6.00');
  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Disponibilidad');
  await expect(page).toHaveURL(`${ADMIN}/availability`);
  await page.getByRole('link', { name: 'Crear' }).click();
  await expect(page.getByRole('heading', { name: 'Vender en otro local', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Producto' }).fill(title);
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('combobox', { name: 'Local' }).click();
  await page.getByRole('option', { name: /^Cayma/ }).click();
  await checkAxe(page, 'availability: add a place');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // Saved, the list shows the product's places, the new one among them.
  await expect(page).toHaveURL(
    `${ADMIN}/availability?filter=${encodeURIComponent(JSON.stringify({ product: uid }))}`,
  );
  await expect(page.getByRole('checkbox', { name: `Cayma vende ${title}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Miraflores vende ${title}` })).toBeChecked();
  await expect(page.getByRole('textbox', { name: `Stock de ${title} en Cayma` })).toHaveValue('');
});
