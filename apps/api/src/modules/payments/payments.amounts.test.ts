import { orders } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMembers, firstSlot, orderLine, pickupBody, postOrder } from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { eventsProcessed } from './event-hints.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments } from './payments.reconcile.ts';
import { paymentsTestApp } from './payments.test-app.ts';
import { THREE_DS_CARD } from './sandbox/fake-providers.ts';
import { TEST_KEYS } from './sandbox/fake-server.ts';

// Issue 43 item 2: a charge that names an order in its metadata (Culqi) or external_reference
// (Mercado Pago) pays it only at the payment's very amount and currency: a S/ 0.01 charge left an
// S/ 36.00 3DS order RECEIVED. Another amount or currency settles nothing and is shown to staff. And a
// provider's events count only on the company's own provider's route: Culqi's, which are not signed,
// are refused for a company on Mercado Pago, whose are.

const OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0003';
const MINUTE = 60_000;

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let owner: string;

beforeAll(async () => {
  env = await paymentsTestApp();
  slot = await firstSlot(env.t.app);
  owner = await issueToken(env.t.db, { uid: OWNER_UID, appUid: 'demo' });
}, 120_000);
afterAll(() => env?.close());
beforeEach(() => {
  env.fake.fake.mode = {};
});

const fake = () => env.fake.fake;
const deps = () => ({ db: env.t.db, config: env.t.app.config, log: env.t.app.log });

async function stateOf(orderUid: string) {
  const [order] = await env.t.db.select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await env.t.db.select().from(payments).where(eq(payments.orderUid, orderUid));
  return { order: order?.status, payment: payment?.status };
}

/** A member's pickup order of two causas paid as `extra` says, the provider behaving as `mode` says. */
async function placeOrder(
  name: string,
  extra: Record<string, unknown>,
  mode: typeof env.fake.fake.mode = {},
) {
  const [token] = await createMembers(env.t.db, 1, name);
  fake().mode = mode;
  const res = await postOrder(env.t.app, {
    token: token as string,
    payload: pickupBody(slot, [orderLine('p-causa-limena', 2)], extra),
  });
  fake().mode = {};
  expect(res.statusCode, res.body).toBe(201);
  return { uid: res.json().uid as string, amountCents: Math.round(Number(res.json().amount_due) * 100) };
}

/** A charge made at Culqi with the company's key, naming the order in its metadata. */
async function culqiCharge(orderUid: string, amountCents: number, currency = 'PEN') {
  const res = await fetch(`${env.fake.culqiUrl}/v2/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEYS.culqi.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: amountCents,
      currency_code: currency,
      email: billing.email,
      source_id: await cardToken(env.fake.base, 'CULQI'),
      metadata: { order_uid: orderUid },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A payment made at Mercado Pago with the company's key, naming the order as its external reference. */
async function mercadoPagoPayment(orderUid: string, amount: number) {
  const res = await fetch(`${env.fake.mercadopagoUrl}/v1/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TEST_KEYS.mercadopago.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      transaction_amount: amount,
      token: await cardToken(env.fake.base, 'MERCADO_PAGO', '4111111111111111', 'APRO'),
      installments: 1,
      external_reference: orderUid,
      payer: { email: billing.email },
    }),
  });
  expect(res.status).toBe(201);
  return String(((await res.json()) as { id: number }).id);
}

const culqiEvent = (companyUid: string, chargeId: string, host = 'localhost') =>
  env.t.app.inject({
    method: 'POST',
    url: `/api/v5/payments/culqi/${companyUid}/events/`,
    headers: { host },
    payload: { object: 'event', type: 'charge.creation.succeeded', data: JSON.stringify({ id: chargeId }) },
  });

/** The order as the admin site shows it to the company's owner. */
async function adminOrder(orderUid: string) {
  const res = await env.t.app.inject({
    url: `/api/admin/companies/demo-main/orders/${orderUid}/`,
    headers: { host: 'admin.localhost', authorization: `Token ${owner}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a Culqi charge naming an order', () => {
  beforeAll(() => useProvider(env.t.db, 'CULQI'));

  it('of one cent, or of the amount in dollars, leaves a 3DS order waiting and is shown to staff', async () => {
    const order = await placeOrder('amount-3ds', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'CULQI', THREE_DS_CARD),
      billing,
    });
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    const cent = await culqiCharge(order.uid, 1);
    expect((await culqiEvent('demo-main', cent)).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    expect((await adminOrder(order.uid)).payment).toMatchObject({
      status: 'PENDING',
      reference: null,
      action: { type: 'CULQI_3DS' },
      mismatch: { reference: cent, amount: '0.01', currency: 'PEN' },
    });

    const dollars = await culqiCharge(order.uid, order.amountCents, 'USD');
    expect((await culqiEvent('demo-main', dollars)).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    expect((await adminOrder(order.uid)).payment.mismatch).toEqual({
      reference: dollars,
      amount: (order.amountCents / 100).toFixed(2),
      currency: 'USD',
    });
    // Nor does the reconciliation take either for the payment, past the hold: the order expires.
    await reconcilePayments(deps(), new Date(Date.now() + 16 * MINUTE));
    expect(await stateOf(order.uid)).toEqual({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
    expect(fake().charges.get(cent)?.refundedCents).toBe(0);
  });

  it('settles no transfer, whatever its amount', async () => {
    const order = await placeOrder('amount-transfer', { payment_type: 'TRANSFER' });
    for (const id of [await culqiCharge(order.uid, 1), await culqiCharge(order.uid, order.amountCents)])
      expect((await culqiEvent('demo-main', id)).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
  });

  it('of the very amount in soles receives the order', async () => {
    const order = await placeOrder('amount-exact', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'CULQI', THREE_DS_CARD),
      billing,
    });
    const exact = await culqiCharge(order.uid, order.amountCents);
    expect((await culqiEvent('demo-main', exact)).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'RECEIVED', payment: 'APPROVED' });
    expect((await adminOrder(order.uid)).payment).toMatchObject({ reference: exact, mismatch: null });
  });
});

describe('a Mercado Pago payment naming an order', () => {
  beforeAll(() => useProvider(env.t.db, 'MERCADO_PAGO'));
  afterAll(() => useProvider(env.t.db, 'CULQI'));

  const notify = (id: string) => {
    const note = fake().notification(id);
    return env.t.app.inject({
      method: 'POST',
      url: `/api/v5/payments/mercadopago/demo-main/events/?${note.query}`,
      headers: { host: 'localhost', ...note.headers },
      payload: note.body,
    });
  };

  it('of one cent, notified or found by the reconciliation, leaves the order waiting for its own', async () => {
    // Its own payment is in process at Mercado Pago, its answer lost: the payment has no reference yet.
    const order = await placeOrder(
      'amount-mp',
      {
        payment_type: 'ONLINE_CARD',
        payment_token: await cardToken(env.fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT'),
        billing,
      },
      { lostAnswer: true },
    );
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    const cent = await mercadoPagoPayment(order.uid, 0.01);
    expect((await notify(cent)).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    await reconcilePayments(deps(), new Date(Date.now() + 3 * MINUTE));
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    expect((await adminOrder(order.uid)).payment.mismatch).toEqual({
      reference: cent,
      amount: '0.01',
      currency: 'PEN',
    });
    // Its own payment, approved at Mercado Pago, receives it.
    const own = [...fake().charges.values()].find(
      (c) => c.orderUid === order.uid && c.amountCents === order.amountCents,
    );
    fake().settle(own?.id ?? '', 'approved');
    expect((await notify(own?.id ?? '')).statusCode).toBe(200);
    await eventsProcessed(env.t.db);
    expect(await stateOf(order.uid)).toEqual({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it("refuses Culqi's unsigned event for a company on Mercado Pago, reading nothing back", async () => {
    const order = await placeOrder('route-mp', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT'),
      billing,
    });
    const own = [...fake().charges.values()].find((c) => c.orderUid === order.uid);
    fake().settle(own?.id ?? '', 'approved');
    const reads = fake().readCalls.length;
    const res = await culqiEvent('demo-main', own?.id ?? '');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
    // Nor for multi-cafe, on Mercado Pago in the demo data, on its own app's host.
    expect((await culqiEvent('multi-cafe', own?.id ?? '', 'multi.localhost')).statusCode).toBe(404);
    await eventsProcessed(env.t.db);
    expect(fake().readCalls.length).toBe(reads);
    expect(await stateOf(order.uid)).toEqual({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
  });
});
