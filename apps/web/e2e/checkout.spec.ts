import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseSlot,
  earnCoins,
  expect,
  logIn,
  type Member,
  newMember,
  openStore,
  presetCookieChoice,
  signIn,
  test,
  untilHydrated,
} from './support.ts';

// Each journey orders as a member of its own: carts, orders and coins of one never reach another
// running in parallel on the same server.

test.beforeEach(async ({ page }) => {
  await presetCookieChoice(page);
});

const cartOf = (page: Page, placeUid: string) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `cart_${placeUid}`);

/** A new member signed in through the API. */
async function signedIn(page: Page, request: APIRequestContext): Promise<Member> {
  const member = await newMember(request);
  await signIn(page, member);
  return member;
}

async function addLomoSaltado(page: Page) {
  await page.getByRole('button', { name: /^Lomo saltado Lomo fino/ }).click();
  const popup = page.getByRole('dialog', { name: 'Lomo saltado' });
  await popup.getByLabel('Jugoso').check();
  await popup.getByRole('button', { name: /Agregar/ }).click();
  await expect(popup).toHaveCount(0);
}

const orderUidOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

test('options → cart → pickup with cash → the order in /orders, then cancel it', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signedIn(page, request);
  await openStore(page, 'place-miraflores', 'Platos de fondo');
  await addLomoSaltado(page);

  // The sidebar's cart popup: My Order, the line with its topping and its price to 1 decimal.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const sidebar = page.locator('#sidebar');
  await sidebar.getByRole('button', { name: 'Mi pedido (1)' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Mi pedido' })).toBeVisible();
  await expect(sidebar.locator('.cart-line')).toContainText('Jugoso');
  await expect(sidebar.locator('.cart-line-price')).toHaveText('S/ 35.00');
  await sidebar.getByRole('link', { name: 'Ver mi pedido' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // Following the link closes the sidebar.
  await expect(sidebar).not.toHaveClass(/\bopen\b/);
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');

  // The full page: Order Confirmation, plus one unit, total to 2 decimals.
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: 'Confirmación de pedido' })).toBeVisible();
  await main.getByRole('button', { name: 'Agregar una unidad de Lomo saltado' }).click();
  await expect(main.locator('.cart-line-price')).toHaveText('S/ 70.00');
  await expect(main.getByTestId('cart-total-page')).toHaveText('S/ 70.00');
  // The server cart follows every change.
  await expect
    .poll(async () => {
      const token = await page.evaluate(() => localStorage.token);
      const saved = await page.request.get('/api/v5/me/shopping-cart/?place_uid=place-miraflores', {
        headers: { Authorization: `Token ${token}` },
      });
      return (await saved.json()).products.map((line: { quantity: number }) => line.quantity);
    })
    .toEqual([2]);

  await main.getByRole('button', { name: 'Confirmar pedido' }).click();
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(checkout.getByText('Debe seleccionar un horario disponible')).toBeVisible();
  await expect(checkout.getByText('Debe seleccionar un método de pago')).toBeVisible();
  // A cash pickup asks no billing city or address: only a card charged online needs them (issue 28).
  await expect(checkout.getByText('Este campo es requerido')).toHaveCount(0);

  await chooseSlot(page);
  await checkout.getByLabel('Efectivo').check();
  const contact = checkout.getByRole('group', { name: 'Tus datos de contacto' });
  await expect(contact.getByLabel('Nombres')).toHaveValue(/\S/);
  await expect(checkout.getByLabel('Ciudad', { exact: true })).toHaveCount(0);
  await expect(checkout.getByLabel('Dirección', { exact: true })).toHaveCount(0);
  await expect(checkout.getByTestId('checkout-total')).toHaveText('S/ 70.00');
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('¡Tu pedido fue recibido!')).toBeVisible();
  const title = page.getByRole('heading', { name: /Pedido #\d+/ });
  await expect(title).toBeVisible();
  const number = (await title.textContent()) ?? '';
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Recibido');
  await expect(page.getByTestId('order-total')).toHaveText('S/ 70.00');
  expect(await cartOf(page, 'place-miraflores')).toBeNull();

  await page.goto('/orders');
  const row = page.locator('.order-row').filter({ hasText: number });
  await expect(row).toContainText('Recibido');
  await row.getByRole('link').click();
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar pedido' }).click();
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Cancelado por ti');
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('delivery: the area is chosen among the place’s districts, what is missing is said, the fare is added', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openStore(page, 'place-miraflores', 'Entradas');
  await page.getByRole('button', { name: /Causa limeña/ }).click();
  await page
    .getByRole('dialog', { name: 'Causa limeña' })
    .getByRole('button', { name: /Agregar/ })
    .click();
  await page.goto('/cart?step=checkout');

  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await checkout.getByLabel('Delivery', { exact: true }).check();
  // The place's delivery districts are a choice, by zone.
  const district = checkout.getByRole('combobox', { name: 'Distrito (área de delivery)' });
  const address = checkout.getByRole('textbox', { name: 'Dirección de entrega' });
  // Estimating with nothing filled says what is missing in the spec's words (issue 14).
  await checkout.getByRole('button', { name: 'Calcular costo de envío' }).click();
  await expect(district).toHaveAccessibleDescription('Debe seleccionar un área de delivery');
  await expect(address).toHaveAccessibleDescription('Este campo es requerido');
  await expect(checkout.getByText('El valor es demasiado pequeño.')).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(district).toHaveAccessibleDescription('Debe seleccionar un área de delivery');

  await expect(district.locator('option:not([value=""])')).toHaveText([
    'Miraflores',
    'San Isidro',
    'Lince',
    'Barranco',
    'Surquillo',
  ]);
  await district.selectOption('Miraflores');
  await checkout.getByLabel('Dirección de entrega').fill('Calle Berlín 120');
  await checkout.getByRole('button', { name: 'Calcular costo de envío' }).click();
  await expect(
    checkout.getByText('Costo de envío: S/ 5.00 · llega en ~30 min desde que la tienda acepte'),
  ).toBeVisible();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('S/ 23.00');

  await chooseSlot(page);
  await checkout.getByLabel('Tarjeta contra entrega').check();
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Calle Berlín 120 · Miraflores')).toBeVisible();
  await expect(page.locator('.order-totals')).toContainText('S/ 5.00');
  await expect(page.getByTestId('order-total')).toHaveText('S/ 23.00');
});

test('a direct purchase replaces the cart, leaves it off the cart route, and is ordered alone', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await openStore(page, 'place-san-isidro', 'Platos de fondo');
  await addLomoSaltado(page);
  await page.getByRole('button', { name: 'Canjes y combos' }).click();
  await page.getByRole('button', { name: /Combo familiar/ }).click();
  await page
    .getByRole('dialog', { name: /Combo familiar/ })
    .getByRole('button', { name: /Agregar/ })
    .click();

  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.locator('main .cart-line');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText('Combo familiar para 4');
  await expect(lines.locator('.cart-line-price')).toHaveText('S/ 79.90');
  await expect(page.getByRole('button', { name: 'Eliminar Combo familiar para 4' })).toBeVisible();

  // Loaded anywhere but the cart route, the direct purchase leaves the cart.
  await page.goto('/products');
  await expect.poll(() => cartOf(page, 'place-san-isidro')).toBeNull();

  await page.getByRole('button', { name: 'Canjes y combos' }).click();
  await page.getByRole('button', { name: /Combo familiar/ }).click();
  await page
    .getByRole('dialog', { name: /Combo familiar/ })
    .getByRole('button', { name: /Agregar/ })
    .click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.reload();
  await expect(page.locator('main .cart-line')).toHaveCount(1);
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await chooseSlot(page);
  await checkout.getByLabel('Efectivo').check();
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.locator('.order-items')).toContainText('1 × Combo familiar para 4');
  await expect(page.getByTestId('order-total')).toHaveText('S/ 79.90');

  // The trash button removes a direct purchase with the removal toast.
  await openStore(page, 'place-san-isidro', 'Canjes y combos');
  await page.getByRole('button', { name: /Combo familiar/ }).click();
  await page
    .getByRole('dialog', { name: /Combo familiar/ })
    .getByRole('button', { name: /Agregar/ })
    .click();
  await page.getByRole('button', { name: 'Eliminar Combo familiar para 4' }).click();
  await expect(page.getByText('Se ha eliminado el producto de su carrito')).toBeVisible();
  await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
});

test('a coupon link is applied at checkout', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/company/demo-main/code/DESCUENTO5/');
  await expect(page).toHaveURL(/\/products$/);
  await openStore(page, 'place-miraflores', 'Platos de fondo');
  await addLomoSaltado(page);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();

  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  const code = checkout.getByLabel('Código de descuento', { exact: true });
  await expect(code).toHaveValue('DESCUENTO5');
  await expect(checkout.getByText('Código DESCUENTO5 aplicado')).toBeVisible();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('S/ 30.00');
  // The legend names the field once, and "Aplicar" sits level with the input (it hung below it).
  const named = checkout.getByText('Código de descuento', { exact: true });
  await expect(named).toHaveCount(2);
  expect((await named.last().boundingBox())?.width).toBeLessThanOrEqual(1);
  const apply = checkout.getByRole('button', { name: 'Aplicar' });
  const [input, button] = [await code.boundingBox(), await apply.boundingBox()];
  expect(Math.abs((input?.y ?? 0) - (button?.y ?? 99))).toBeLessThan(2);

  // Another code that does not exist is refused with the server's message, then the link's again.
  await code.fill('NOEXISTE');
  await checkout.getByRole('button', { name: 'Aplicar' }).click();
  await expect(checkout.getByText('Este código no existe')).toBeVisible();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('S/ 35.00');
  // A gift card's code typed here says where gift cards go, with the way there (issue 28).
  await code.fill('regalo-50');
  await checkout.getByRole('button', { name: 'Aplicar' }).click();
  await expect(
    checkout.getByText(/^Este código es de una tarjeta de regalo, no de descuento\./),
  ).toBeVisible();
  await expect(checkout.getByRole('link', { name: 'Ir a «Tarjeta de regalo»' })).toHaveAttribute(
    'href',
    '/program/demo-club',
  );
  await code.fill('DESCUENTO5');
  await checkout.getByRole('button', { name: 'Aplicar' }).click();
  await expect(checkout.getByTestId('checkout-total')).toHaveText('S/ 30.00');
  await expect(checkout.getByRole('link', { name: 'Ir a «Tarjeta de regalo»' })).toHaveCount(0);

  await chooseSlot(page);
  await checkout.getByLabel('Efectivo').check();
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.locator('.order-facts')).toContainText('DESCUENTO5');
  await expect(page.locator('.order-totals')).toContainText('− S/ 5.00');
  await expect(page.getByTestId('order-total')).toHaveText('S/ 30.00');
  expect(await page.evaluate(() => localStorage.getItem('coupon'))).toBeNull();
});

test('a redeemable product is paid with coins and shows in the exchanges', async ({ page, request }) => {
  // 5 × S/ 35 delivered: 175 coins, enough for the 150 of the gift.
  const member = await newMember(request);
  await earnCoins(request, member, 5);
  await signIn(page, member);
  await openStore(page, 'place-miraflores', 'Canjes y combos');
  await page.getByRole('button', { name: /Chicha morada de regalo/ }).click();
  await page
    .getByRole('dialog', { name: 'Chicha morada de regalo' })
    .getByRole('button', { name: /Canjear/ })
    .click();
  expect(await page.evaluate(() => localStorage.ItemExchange)).toBe('true');

  await page.goto('/cart');
  await expect(page.locator('main .cart-line-price')).toHaveText('150 monedas');
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const checkout = page.getByRole('form', { name: 'Finalizar pedido' });
  await expect(checkout.getByLabel('Monedas')).toBeChecked();
  await expect(checkout.getByLabel('Efectivo')).toHaveCount(0);
  await chooseSlot(page);
  await checkout.getByRole('button', { name: 'Realizar pedido' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const uid = orderUidOf(page);
  await expect(page.locator('.order-totals')).toContainText('150 monedas');
  const program = await request.get('/api/v5/me/programs/demo-club/', {
    headers: { Authorization: `Token ${member.token}` },
  });
  expect((await program.json()).coins).toBe(25);

  await page.goto('/orders/coins');
  await expect(page.getByRole('heading', { name: 'Mis canjes' })).toBeVisible();
  await expect(page.locator(`a[href="/orders/${uid}"]`)).toBeVisible();
});

test('subscribe on two days, then cancel the subscription', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Armar mi suscripción' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByLabel('Ciudad').selectOption('area-lima');
  await page.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
  await page.getByRole('button', { name: 'Platos de fondo' }).click();
  await addLomoSaltado(page);
  expect(await page.evaluate(() => localStorage.getItem('subscriptionCart_place-miraflores'))).not.toBeNull();

  await page.goto('/cart');
  await expect(page.getByLabel('Suscripción')).toBeChecked();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const checkout = page.getByRole('form', { name: 'Finalizar suscripción' });
  await chooseSlot(page);
  await checkout.getByLabel('Efectivo').check();
  await checkout.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(checkout.getByText('Debe seleccionar al menos un día para la suscripción')).toBeVisible();
  await checkout.getByLabel('Lunes').check();
  await checkout.getByLabel('Viernes').check();
  await checkout.getByRole('button', { name: 'Suscribirme' }).click();

  await expect(page).toHaveURL(/\/subscription\/me$/);
  const card = page.locator('.subscription-card').first();
  await expect(card).toContainText('Lun, Vie');
  await expect(card).toContainText('Activa');
  await card.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
  await expect(card).toContainText('Cancelada');
  await expect(card.getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);
});

test('the saved cart comes back on another device after login, and an emptied cart leaves the server', async ({
  page,
  browser,
  request,
}) => {
  const member = await newMember(request);
  await logIn(page, member);
  await openStore(page, 'place-miraflores', 'Entradas');
  await page.getByRole('button', { name: /Causa limeña/ }).click();
  await page
    .getByRole('dialog', { name: 'Causa limeña' })
    .getByRole('button', { name: /Agregar/ })
    .click();
  const saved = async () => {
    const answer = await page.request.get('/api/v5/me/shopping-cart/?place_uid=place-miraflores', {
      headers: { Authorization: `Token ${member.token}` },
    });
    return (await answer.json()).products.map((line: { uid: string }) => line.uid);
  };
  await expect.poll(saved).toEqual(['p-causa-limena']);

  const other = await browser.newContext();
  const second = untilHydrated(await other.newPage());
  await presetCookieChoice(second);
  await logIn(second, member);
  await second.goto('/products');
  await second.getByLabel('Ciudad').selectOption('area-lima');
  await second.getByLabel('Tienda', { exact: true }).selectOption('place-miraflores');
  await expect
    .poll(async () => (await cartOf(second, 'place-miraflores'))?.products?.['p-causa-limena_0'])
    .toMatchObject({ uid: 'p-causa-limena', name: 'Causa limeña', unit_price: '18.00', quantity: 1 });
  await second.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(second.locator('#sidebar').getByRole('button', { name: 'Mi pedido (1)' })).toBeVisible();
  await second.getByRole('button', { name: 'Cerrar menú' }).click();

  await second.goto('/cart');
  await second.getByRole('button', { name: 'Quitar una unidad de Causa limeña' }).click();
  await expect(second.getByText('Se ha eliminado el producto de su carrito')).toBeVisible();
  // The 2 s overlay itself is timed in cart-line.test.tsx: on a loaded machine it may be gone already.
  await expect(second.getByText('Tu carrito está vacío')).toBeVisible();
  await expect.poll(saved).toEqual([]);
  await other.close();
});
