import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseSlot,
  digits,
  expect,
  fillBilling,
  type Member,
  newMember,
  openStore,
  presetCookieChoice,
  signIn,
  tenantUrl,
  test,
} from './support.ts';

// Issue 27: paying online through the demo's sandbox (the server's own fake Culqi and Mercado Pago on
// loopback, their stand-in browser scripts): a card approved, a declined card then a good one, a card
// that asks for Culqi's 3DS, Yape, a
// transfer the counter confirms, and a paid order cancelled and refunded, each as a member of its own at
// Miraflores, the demo place that takes ONLINE_CARD, YAPE and TRANSFER through Culqi; and a card in
// instalments at Café del Parque (multi.localhost), the demo shop that takes cards through Mercado Pago.

const PLACE = 'place-miraflores';
const APPROVED = '4111 1111 1111 1111';
const DECLINED = '4000 0000 0000 0002';
const THREE_DS = '4000 0000 0000 3220';

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

test('a card that asks for 3DS: the bank’s check closed keeps the cart, passed pays the order', {
  tag: '@phone',
}, async ({ page, request }) => {
  const member = await checkoutWithLomo(page, request);
  await checkoutOf(page).getByLabel('Tarjeta de crédito o débito').check();
  await fillBilling(page);
  await payByCard(page, member, THREE_DS);
  // Culqi's 3DS library (the sandbox's stand-in) shows the bank's check in its own window.
  const bank = page.getByRole('dialog', { name: 'Verificación de tu banco' });
  await expect(bank).toBeVisible();
  await expect(checkoutOf(page).getByText('Verificando la tarjeta con tu banco…')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await bank.getByRole('button', { name: 'Cancelar' }).click();
  await expect(checkoutOf(page).locator('.checkout-general-error')).toContainText(
    'Cerraste la verificación de tu banco',
  );
  await expect(page).toHaveURL(/\/cart/);
  expect(Object.keys((await cartOf(page))?.products ?? {})).toHaveLength(1);

  await payByCard(page, member, THREE_DS);
  await bank.getByRole('button', { name: 'Confirmar compra' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.locator('.order-detail-header .order-status')).toHaveText('Recibido');
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
  await expect(page.getByText(/Tarjeta de crédito o débito · \w+ •••• 3220/)).toBeVisible();
  expect(await cartOf(page)).toBeNull();
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

/** The demo's Mercado Pago shop, on another tenant's host; the sandbox's access token reads its payments. */
const MP_SHOP = (path: string) => tenantUrl('multi.localhost', `/c/multi-cafe${path}`);
const MP_ACCESS_TOKEN = 'TEST-sandbox-demo-access';

test('pays by card through Mercado Pago in 3 cuotas: the charge carries them', { tag: '@phone' }, async ({
  page,
  request,
}) => {
  // A member of the other tenant, registered and completed from its own host (its API answers there).
  await page
    .context()
    .addCookies(['cookie_ga', 'cookie_guid'].map((name) => ({ name, value: 'false', url: MP_SHOP('/') })));
  await page.goto(MP_SHOP('/no/such/page'));
  const email = `e2e-mp-${Date.now()}-${digits(6)}@demo.pe`;
  const token = await page.evaluate(
    async ({ email, document, mobile, address }) => {
      const send = async (path: string, method: string, body: object, token?: string) => {
        const answer = await fetch(path, {
          method,
          headers: {
            'Content-Type': 'application/json',
            'X-Forwarded-For': address,
            ...(token ? { Authorization: `Token ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
        if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
        return answer.json();
      };
      const { token } = await send('/api/v5/register/', 'POST', {
        document_type: 'NATIONAL_ID',
        document_number: document,
        first_name: 'Prueba',
        last_name: 'Socia',
        email,
        mobile_number: mobile,
        country_code_number: '+51',
        password: 'Clave1234!',
        accepted_terms_cond: true,
      });
      await send(
        '/api/v5/me/',
        'PATCH',
        { birthdate: '1990-05-14', gender: 'f', area: 'multi-area-lima' },
        token,
      );
      localStorage.setItem('token', token);
      return token as string;
    },
    {
      email,
      document: digits(8),
      mobile: `+519${digits(8)}`,
      address: `10.${digits(2)}.${digits(2)}.${digits(2)}`,
    },
  );
  expect(token).toBeTruthy();

  await page.goto(MP_SHOP('/products'));
  await page.getByRole('button', { name: /^Torta de chocolate/ }).click();
  const popup = page.getByRole('dialog', { name: 'Torta de chocolate' });
  await popup.getByRole('button', { name: /Agregar/ }).click();
  await expect(popup).toHaveCount(0);
  await page.goto(MP_SHOP('/cart?step=checkout'));
  await chooseSlot(page);
  await checkoutOf(page).getByLabel('Tarjeta de crédito o débito').check();
  await fillBilling(page);

  // Mercado Pago's secure fields; its instalments once the card number has its bin.
  const card = checkoutOf(page);
  await card.getByLabel('Número de tarjeta').fill(APPROVED);
  await card.getByLabel('Vencimiento (MM/AA)').fill('12/34');
  await card.getByLabel('Código de seguridad (CVV)').fill('123');
  const cuotas = card.getByLabel('Cuotas');
  await expect(cuotas).toHaveValue('1');
  await expect(cuotas.locator('option')).toHaveText([
    '1 cuota de S/ 12.00 (S/ 12.00)',
    '3 cuotas de S/ 4.00 (S/ 12.00)',
    '6 cuotas de S/ 2.00 (S/ 12.00)',
    '12 cuotas de S/ 1.00 (S/ 12.00)',
  ]);
  await cuotas.selectOption({ label: '3 cuotas de S/ 4.00 (S/ 12.00)' });
  // Nothing of the card step is wider than the screen (a phone's 390 px too).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: 'Realizar pedido' }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Pagado en línea');
  const orderUid = page.url().split('/').pop() ?? '';
  // What Mercado Pago was asked: the payment of this order, in 3 instalments.
  const search = await request.get(
    `/api/dev/payments-sandbox/mercadopago/v1/payments/search?external_reference=${orderUid}`,
    { headers: { Authorization: `Bearer ${MP_ACCESS_TOKEN}` } },
  );
  expect(search.status()).toBe(200);
  expect((await search.json()).results).toEqual([
    expect.objectContaining({
      external_reference: orderUid,
      status: 'approved',
      installments: 3,
      transaction_amount: 12,
    }),
  ]);
});
