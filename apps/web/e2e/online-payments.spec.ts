import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseSlot,
  expect,
  fillBilling,
  type Member,
  newMember,
  openStore,
  presetCookieChoice,
  signIn,
  test,
} from './support.ts';

// Issue 27: paying online through the demo's sandbox (the server's own fake Culqi on loopback, its
// stand-in checkout script): a card approved, a declined card then a good one, Yape, a transfer the
// counter confirms, and a paid order cancelled and refunded. Each journey orders as a member of its own
// at Miraflores, the demo place that takes ONLINE_CARD, YAPE and TRANSFER.

const PLACE = 'place-miraflores';
const APPROVED = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';

test.beforeEach(async ({ page }) => {
  await presetCookieChoice(page);
});

/** A new member, signed in, with a Lomo saltado in the cart and the checkout open with a slot chosen. */
async function checkoutWithLomo(page: Page, request: APIRequestContext): Promise<Member> {
  const member = await newMember(request);
  await signIn(page, member);
  await openStore(page, PLACE, 'Platos de fondo');
  await page.getByRole('button', { name: /^Lomo saltado Lomo fino/ }).click();
  const popup = page.getByRole('dialog', { name: 'Lomo saltado' });
  await popup.getByLabel('Jugoso').check();
  await popup.getByRole('button', { name: /Agregar/ }).click();
  await expect(popup).toHaveCount(0);
  await page.goto('/cart?step=checkout');
  await chooseSlot(page);
  return member;
}

const checkoutOf = (page: Page) => page.getByRole('form', { name: 'Finalizar pedido' });

/** Pays in the stand-in Culqi modal with a card (the member's email is asked there, as Culqi does). */
async function payByCard(page: Page, member: Member, card: string) {
  await checkoutOf(page).getByRole('button', { name: 'Realizar pedido' }).click();
  const culqi = page.getByRole('dialog', { name: 'Sabores Demo' });
  await expect(culqi).toBeVisible();
  await culqi.getByLabel('Correo electrónico').fill(member.email);
  await culqi.getByLabel('Número de tarjeta').fill(card);
  await culqi.getByLabel('Vencimiento (MM/AA)').fill('12/34');
  await culqi.getByLabel('CVV').fill('123');
  await culqi.getByRole('button', { name: /^Pagar/ }).click();
  await expect(culqi).toBeHidden();
}

const cartOf = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `cart_${PLACE}`);

test('pays by card: approved, the order received and shown paid online', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const member = await checkoutWithLomo(page, request);
  await checkoutOf(page).getByLabel('Tarjeta de crédito o débito').check();
  await fillBilling(page);
  await expect(checkoutOf(page).getByText(/ventana segura de Culqi/)).toBeVisible();
  await payByCard(page, member, APPROVED);

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Recibido');
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
  await expect(page.getByText(/Tarjeta de crédito o débito · \w+ •••• 1111/)).toBeVisible();
  expect(await cartOf(page)).toBeNull();
  await page.goto('/orders');
  await expect(page.locator('.order-row').first().locator('.payment-status')).toHaveText('Pagado en línea');
});

test('a declined card says so with the provider’s message and keeps the cart; another card pays', async ({
  page,
  request,
}) => {
  const member = await checkoutWithLomo(page, request);
  await checkoutOf(page).getByLabel('Tarjeta de crédito o débito').check();
  await fillBilling(page);
  await payByCard(page, member, DECLINED);

  const alert = checkoutOf(page).locator('.checkout-general-error');
  await expect(alert).toContainText('No se pudo procesar la tarjeta');
  // The provider's own words to the customer follow the spec's.
  await expect(alert).not.toHaveText('No se pudo procesar la tarjeta');
  await expect(page).toHaveURL(/\/cart/);
  expect(Object.keys((await cartOf(page))?.products ?? {})).toHaveLength(1);

  await payByCard(page, member, APPROVED);
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
});

test('pays with Yape: a phone and the approval code in Culqi’s window', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  await checkoutWithLomo(page, request);
  await checkoutOf(page).getByRole('radio', { name: 'Yape', exact: true }).check();
  await checkoutOf(page).getByRole('button', { name: 'Realizar pedido' }).click();
  const culqi = page.getByRole('dialog', { name: 'Sabores Demo' });
  await expect(culqi.getByLabel('Número de tarjeta')).toHaveCount(0);
  await culqi.getByLabel('Número de celular').fill('987654321');
  await culqi.getByLabel('Código de aprobación (6 dígitos)').fill('123456');
  await culqi.getByRole('button', { name: /^Pagar/ }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Yape$/).first()).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
});

test('a transfer: the member sends the operation number, the counter confirms it, the order is received', {
  tag: '@phone',
}, async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  await checkoutWithLomo(page, request);
  await checkoutOf(page)
    .getByLabel(/^Transferencia/)
    .check();
  await checkoutOf(page).getByRole('button', { name: 'Realizar pedido' }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Esperando el pago');
  await expect(page.getByTestId('transfer-number')).toHaveText('987654321');
  await expect(page.getByText('Demo Restaurantes SAC')).toBeVisible();
  const operation = `OP${Date.now()}`;
  await page.getByLabel('Número de operación').fill(operation);
  await page.getByRole('button', { name: 'Enviar número de operación' }).click();
  await expect(
    page.getByText(`Enviaste el número de operación ${operation}.`, { exact: false }),
  ).toBeVisible();
  const number = ((await page.getByRole('heading', { name: /Pedido #\d+/ }).textContent()) ?? '').replace(
    /\D/g,
    '',
  );

  // The cashier, on the order board of another device.
  const login = await request.post('/api/v5/login/', {
    data: { email: 'tienda@demo.pe', password: 'Demo1234!' },
  });
  const staff = (await login.json()).token as string;
  const counter = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const board = await counter.newPage();
  await presetCookieChoice(board);
  await board.addInitScript((token) => localStorage.setItem('token', token), staff);
  await board.goto(`/retail?place=${PLACE}&tab=orders`);
  const pending = board.getByRole('article', { name: `Pedido #${number}` }).filter({ hasText: operation });
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(
    board.getByRole('region', { name: /Recibido/ }).getByRole('article', { name: `Pedido #${number}` }),
  ).toBeVisible();
  await expect(board.getByRole('article', { name: `Pedido #${number}` }).last()).toContainText(
    'Transferencia · Pagado en línea',
  );
  await counter.close();

  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Recibido');
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
});

test('cancelling a paid order refunds it, and the order says so', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  const member = await checkoutWithLomo(page, request);
  await checkoutOf(page).getByLabel('Tarjeta de crédito o débito').check();
  await fillBilling(page);
  await payByCard(page, member, APPROVED);
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');

  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar pedido' }).click();
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Cancelado por ti');
  await expect(page.getByTestId('payment-status')).toHaveText(/Reembolso en curso|Reembolsado/);
  await expect(page.getByTestId('payment-status')).toHaveText('Reembolsado');
  await expect(page.getByText('Reembolsado').last()).toBeVisible();
});
