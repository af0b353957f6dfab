import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  chooseSlot,
  digits,
  E2E_PORT,
  expect,
  logIn,
  openStore,
  presetCookieChoice,
  test,
  untilHydrated,
} from '../../web/e2e/support.ts';
import { ADMIN, checkAxe, openFromMenu, signInAdmin } from './admin-support.ts';

// Issue 17's first journey, every step on screen: an owner sets up a dish on the admin site (a category,
// the product with an uploaded photo and a required option group, sold at Miraflores with a stock of 2)
// and the demo member buys it on the storefront until the stock is gone.

const photo = fileURLToPath(new URL('fixtures/causa.jpg', import.meta.url));
// A text file named like a PNG: the browser and the drop zone take it for an image, the server does not.
const notAnImage = fileURLToPath(new URL('fixtures/not-an-image.png', import.meta.url));
const MEMBER = { email: 'socio@demo.pe', password: 'Demo1234!' };
const STORE = `http://localhost:${E2E_PORT}`;

test.use({ locale: 'es-PE', viewport: { width: 1366, height: 900 } });

/**
 * Picks an option of a react-admin autocomplete as a person does: opens it, waits for its list (text
 * typed while its choices still load is reset by react-admin), then types to narrow it.
 */
async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  // A click while the form still loads opens nothing (or a list that closes again): until it lists.
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await input.click();
    await expect(page.getByRole('option').first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // A search answered late may reset the text to the list's: typed again until the option shows.
  await expect(async () => {
    if ((await input.inputValue()) !== typed) await input.fill(typed);
    await expect(page.getByRole('option', { name: option })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveValue(typed);
}

/** The storefront's checkout of the cart at Miraflores: pickup tomorrow, cash. */
async function checkOut(page: Page) {
  await page.goto(`${STORE}/cart`);
  await page.locator('main').getByRole('button', { name: 'Confirmar pedido' }).click();
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await chooseSlot(page);
  await checkout.getByLabel('Efectivo').check();
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  return checkout;
}

test('an owner sets up a dish with a photo, options and a stock of 2 on the admin site; the member buys 2 and the third is refused', async ({
  page,
  browser,
  request,
}) => {
  // Two sites, two devices, a dozen screens on a loaded machine.
  test.slow();
  // Set-up, not the story: the member's saved cart at Miraflores starts empty (a retried run leaves one).
  const login = await request.post('/api/v5/login/', { data: MEMBER });
  expect(login.status(), await login.text()).toBe(200);
  const emptied = await request.post('/api/v5/me/shopping-cart/', {
    headers: { Authorization: `Token ${(await login.json()).token}` },
    data: { place: 'place-miraflores', type: 'REGULAR', products: [] },
  });
  expect(emptied.status(), await emptied.text()).toBeLessThan(300);
  const suffix = digits(5);
  const category = `Causas ${suffix}`;
  const dish = `Causa acevichada ${suffix}`;

  await signInAdmin(page, 'dueno@demo.pe');
  await openFromMenu(page, 'Categorías');
  await expect(page).toHaveURL(`${ADMIN}/categories`);
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(category);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('cell', { name: category })).toBeVisible();

  await openFromMenu(page, 'Productos');
  await expect(page).toHaveURL(`${ADMIN}/products`);
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(dish);
  await page.getByLabel('Descripción corta').fill('Papa amarilla, pulpa de cangrejo y crema de ají.');
  await page.getByLabel('Precio (S/)').fill('24.00');
  await pick(page, 'Categoría', category, category);
  // Required: one sauce, exactly.
  await page.getByRole('button', { name: 'Añadir' }).first().click();
  const group = page.locator('[class*=RaSimpleFormIterator-line]').first();
  await group.getByLabel('Nombre del grupo').fill('Salsa');
  await group.getByLabel('Mínimo a elegir').fill('1');
  await group.getByLabel('Máximo a elegir').fill('1');
  for (const [index, name] of ['Acevichada', 'Huancaína'].entries()) {
    await group.getByRole('button', { name: 'Añadir' }).click();
    await group.locator('[class*=RaSimpleFormIterator-line]').nth(index).getByLabel('Opción').fill(name);
  }

  // Every place is offered, all checked; this dish starts at one place only, with its stock: none here.
  const places = page.getByRole('group', { name: 'Se vende en' });
  for (const place of ['Cayma', 'Miraflores', 'San Isidro', 'Yanahuara']) {
    const box = places.getByRole('checkbox', { name: new RegExp(`^${place} `) });
    await expect(box).toBeChecked();
    await box.uncheck();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'no aparecerá en la carta' })).toBeVisible();

  // A text file dressed as a PNG: refused with the reason, beside the picture and in the notification.
  const picture = page.getByLabel('Nueva imagen');
  await picture.setInputFiles(notAnImage);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const refusal = 'El archivo no es una imagen JPEG, PNG o WebP.';
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(page.locator('.MuiFormHelperText-root.Mui-error').filter({ hasText: refusal })).toBeVisible();
  await expect(page).toHaveURL(`${ADMIN}/products/create`);
  await checkAxe(page, 'product create, picture refused');

  // The real photo, a JPEG: saved with the product, shown as the current picture.
  await picture.setInputFiles(photo);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[^/]+$/);
  const current = page.getByRole('img', { name: 'Imagen actual' });
  await expect(current).toHaveAttribute('src', /^\/media\/[\w-]+\/800\.webp$/);
  const media = (await current.getAttribute('src'))?.replace(/800\.webp$/, '') ?? '';

  // Sold nowhere yet, the product says so, with the way to sell it at a place: the dish comes chosen.
  const soldAt = page.getByRole('region', { name: 'Dónde se vende' });
  await expect(soldAt).toContainText('No se vende en ningún local');
  await soldAt.getByRole('link', { name: 'Venderlo en un local' }).click();
  await expect(page).toHaveURL(/\/availability\/create\?source=/);
  await expect(page.getByRole('combobox', { name: 'Producto' })).toHaveValue(dish);

  // Sold at Miraflores, with 2 units in stock; saved, the list shows the dish's places.
  await page.getByRole('combobox', { name: 'Local' }).click();
  await page.getByRole('option', { name: /^Miraflores/ }).click();
  await page.getByLabel('Stock').fill('2');
  await checkAxe(page, 'availability create');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const stock = page.getByRole('textbox', { name: `Stock de ${dish} en Miraflores` });
  await expect(stock).toHaveValue('2');
  await expect(page.getByRole('checkbox', { name: `Miraflores vende ${dish}` })).toBeChecked();
  await expect(page.getByRole('row')).toHaveCount(2);

  // The member, on a laptop: the dish with its photo in WebP widths; one portion goes in the cart.
  const laptop = await browser.newContext({ locale: 'es-PE' });
  const shop = untilHydrated(await laptop.newPage());
  await presetCookieChoice(shop);
  await logIn(shop, MEMBER);
  await openStore(shop, 'place-miraflores', category);
  const card = shop.locator('.product-grid .product-card').filter({ hasText: dish });
  await expect(card).toContainText('S/ 24.00');
  const image = card.locator('img.product-card-image');
  await expect(image).toHaveAttribute('src', `${media}800.webp`);
  await expect(image).toHaveAttribute(
    'srcset',
    `${media}320.webp 320w, ${media}640.webp 640w, ${media}800.webp 800w`,
  );
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const served = await shop.request.get(`${STORE}${media}320.webp`);
  expect(served.headers()['content-type']).toBe('image/webp');
  await card.click();
  const popup = shop.getByRole('dialog', { name: dish });
  // The sauce is required: nothing is added until one is chosen.
  await expect(popup.getByRole('button', { name: /Agregar/ })).toBeDisabled();
  await popup.getByLabel('Acevichada').check();
  await popup.getByRole('button', { name: /Agregar/ }).click();
  await expect(popup).toHaveCount(0);

  // On the phone the saved cart comes back; the member makes it 2 (the most the stock allows) and orders.
  const mobile = await browser.newContext({ locale: 'es-PE', viewport: { width: 390, height: 844 } });
  const phone = untilHydrated(await mobile.newPage());
  await presetCookieChoice(phone);
  await logIn(phone, MEMBER);
  await openStore(phone, 'place-miraflores', category);
  await phone.locator('.product-grid .product-card').filter({ hasText: dish }).click();
  const edit = phone.getByRole('dialog', { name: dish });
  await expect(edit.getByRole('status', { name: 'Cantidad' })).toHaveText('1');
  await edit.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(edit.getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled();
  await edit.getByRole('button', { name: /Editar/ }).click();
  await checkOut(phone);
  await expect(phone.getByText('¡Tu pedido fue recibido!')).toBeVisible();
  await expect(phone.getByTestId('order-total')).toHaveText('S/ 48.00');

  // The laptop still holds a portion in its cart: the third unit is refused with the out-of-stock message.
  const refused = await checkOut(shop);
  await expect(refused.getByText('Este producto está agotado').first()).toBeVisible();
  await expect(shop).not.toHaveURL(/\/orders\//);

  // The member takes it out of the cart, and the menu says it is sold out.
  await shop.goto(`${STORE}/cart`);
  await shop.getByRole('button', { name: `Quitar una unidad de ${dish}` }).click();
  await expect(shop.getByText('Tu carrito está vacío')).toBeVisible();
  await openStore(shop, 'place-miraflores', category);
  await expect(card).toContainText('Sin stock');
  await laptop.close();
  await mobile.close();

  // The owner sees the stock at 0.
  await page.reload();
  await expect(stock).toHaveValue('0');
});

test('a product made on the admin site with its places as offered is on the menus at once; a name already taken is pointed out first', async ({
  page,
  browser,
}) => {
  test.slow();
  const drink = `Chicha morada ${digits(5)}`;
  await signInAdmin(page, 'dueno@demo.pe', { at: '/products/create' });
  await expect(page.getByRole('heading', { name: 'Crear Producto', level: 1 })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Nombre', exact: true });
  // A demo dish's name, typed otherwise: the form says it exists, and does not stop the save.
  await name.fill('LOMO saltádo');
  const taken = page.getByRole('alert').filter({ hasText: 'Ya existe un producto con este nombre' });
  await expect(taken).toContainText('Lomo saltado');
  await checkAxe(page, 'product create, a name taken');
  await name.fill(drink);
  await expect(taken).toHaveCount(0);
  await page.getByLabel('Precio (S/)').fill('6.50');
  await pick(page, 'Categoría', 'Bebidas', 'Bebidas');
  const places = page.getByRole('group', { name: 'Se vende en' });
  await expect(places.getByRole('checkbox')).toHaveCount(4);
  for (const box of await places.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();

  // The product says where it is sold: each place, with its price and unlimited stock.
  const soldAt = page.getByRole('region', { name: 'Dónde se vende' });
  for (const place of ['Cayma', 'Miraflores', 'San Isidro', 'Yanahuara'])
    await expect(soldAt.getByRole('listitem').filter({ hasText: place })).toContainText(
      'S/ 6.50 · stock ilimitado',
    );
  await checkAxe(page, 'product edit, where it is sold');

  // The member finds it on the menus of the two Lima places.
  const laptop = await browser.newContext({ locale: 'es-PE' });
  const shop = untilHydrated(await laptop.newPage());
  await presetCookieChoice(shop);
  await logIn(shop, MEMBER);
  for (const place of ['place-miraflores', 'place-san-isidro']) {
    await openStore(shop, place, 'Bebidas');
    await expect(shop.locator('.product-grid .product-card').filter({ hasText: drink })).toContainText(
      'S/ 6.50',
    );
  }
  await laptop.close();
});
