import { orders } from '@storefront/db/schema/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  auth,
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
  setStock,
  stockAt,
} from '../orders/orders.fixtures.ts';
import { issueToken } from '../sessions/sessions.service.ts';
import { eventsProcessed } from './event-hints.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments } from './payments.reconcile.ts';
import { startFakeProviders, TEST_KEYS, TEST_WEBHOOK_SECRET } from './sandbox/fake-server.ts';

// Architecture §10 after the checkout: Mercado Pago's signed notifications (only hints, applied once),
// transfers confirmed by staff, refunds on cancellation, and expiry after the hold.

const PLACE = 'place-miraflores';
const EVENTS = '/api/v5/payments/mercadopago/demo-main/events/';
const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
const OWNER_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0003';

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let staff: string;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    config: { CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl },
  });
  slot = await firstSlot(t.app);
  staff = await issueToken(t.db, { uid: STAFF_UID, appUid: 'demo' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deps = () => ({ db: t.db, config: t.app.config, log: t.app.log });
const statusOf = async (uid: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.uid, uid)))[0]?.status;
/** An event is answered before it is applied: the order's status once it has moved to `status`. */
async function statusBecomes(uid: string, status: string) {
  while ((await statusOf(uid)) !== status) await new Promise((resolve) => setImmediate(resolve));
  return status;
}
const stockOf = (product: string) => stockAt(t.db, PLACE, product);
const setStockOf = (product: string, stock: number) => setStock(t.db, PLACE, product, stock);

async function place(token: string, extra: Record<string, unknown>) {
  const res = await postOrder(t.app, {
    token,
    payload: pickupBody(slot, [orderLine('p-causa-limena')], extra),
  });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json();
}

function notify(note: ReturnType<typeof fake.fake.notification>) {
  return t.app.inject({
    method: 'POST',
    url: `${EVENTS}?${note.query}`,
    headers: { host: 'localhost', ...note.headers },
    payload: note.body,
  });
}

describe('Mercado Pago', () => {
  beforeAll(() => useProvider(t.db, 'MERCADO_PAGO'));

  it('in_process (CONT) waits; its signed notification, read back, receives it once', async () => {
    const [token] = await createMembers(t.db, 1, 'mp-cont');
    const payment_token = await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT');
    const order = await place(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
      installments: 1,
    });
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      payment: { provider: 'MERCADO_PAGO', status: 'PENDING' },
    });
    const id = order.payment.reference as string;
    expect(fake.fake.chargeCalls.at(-1)).toEqual({
      provider: 'mercadopago',
      orderUid: order.uid,
      key: `${order.uid}:1`,
    });
    // A notification before the payment is decided changes nothing.
    expect((await notify(fake.fake.notification(id))).statusCode).toBe(200);
    await eventsProcessed(t.db);
    expect(await statusOf(order.uid)).toBe('PENDING_PAYMENT');
    fake.fake.settle(id, 'approved');
    const note = fake.fake.notification(id);
    const answers = await Promise.all([notify(note), notify(note), notify(fake.fake.notification(id))]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await statusBecomes(order.uid, 'RECEIVED')).toBe('RECEIVED');
    await eventsProcessed(t.db);
    const history = await t.app.inject({
      url: `/api/v5/me/orders/${order.uid}/`,
      headers: auth(token as string),
    });
    expect(history.json().history.map((h: { to: string }) => h.to)).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
    // A late, out-of-order "rejected" read changes nothing either.
    fake.fake.settle(id, 'rejected');
    await notify(fake.fake.notification(id));
    await eventsProcessed(t.db);
    expect(await statusOf(order.uid)).toBe('RECEIVED');
    fake.fake.settle(id, 'approved');
  });

  it('charges the instalments chosen among those MercadoPago.js offers for the card, and refuses others', async () => {
    const [token] = await createMembers(t.db, 1, 'mp-cuotas');
    // What the stand-in script's getInstallments asks, with the public key.
    const offered = await fetch(
      `${fake.base}/mercadopago/v1/payment_methods/installments?public_key=${TEST_KEYS.mercadopago.publicKey}&amount=36.00&bin=41111111`,
    );
    const [plan] = await offered.json();
    expect(plan.payer_costs.map((cost: { installments: number }) => cost.installments)).toEqual([
      1, 3, 6, 12,
    ]);
    expect(plan.payer_costs[1].recommended_message).toBe('3 cuotas de S/ 12.00 (S/ 36.00)');
    const payment_token = await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'APRO');
    const order = await place(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
      installments: 6,
    });
    expect(order.status).toBe('RECEIVED');
    expect(fake.fake.charges.get(order.payment.reference)?.installments).toBe(6);
    for (const installments of [0, 37, 2.5]) {
      const res = await postOrder(t.app, {
        token: token as string,
        payload: pickupBody(slot, [orderLine('p-causa-limena')], {
          payment_type: 'ONLINE_CARD',
          payment_token: 'not-used',
          billing,
          installments,
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().installments).toBeDefined();
    }
  });

  it('refuses a forged, unsigned or stale notification', async () => {
    const [token] = await createMembers(t.db, 1, 'mp-forged');
    const payment_token = await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT');
    const order = await place(token as string, { payment_type: 'ONLINE_CARD', payment_token, billing });
    const id = order.payment.reference as string;
    fake.fake.settle(id, 'approved');
    const forged = fake.fake.notification(id, 'not-the-webhook-secret');
    const stale = fake.fake.notification(id, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 6 * 60);
    const unsigned = fake.fake.notification(id);
    for (const note of [
      forged,
      stale,
      { ...unsigned, headers: { 'x-request-id': unsigned.headers['x-request-id'] } },
    ]) {
      const res = await notify(note as typeof unsigned);
      expect(res.statusCode).toBe(403);
    }
    await eventsProcessed(t.db);
    expect(await statusOf(order.uid)).toBe('PENDING_PAYMENT');
    expect((await notify(fake.fake.notification(id))).statusCode).toBe(200);
    expect(await statusBecomes(order.uid, 'RECEIVED')).toBe('RECEIVED');
  });

  it('OTHE is declined; cancelling a paid order refunds its card part once, through the provider', async () => {
    const [token] = await createMembers(t.db, 1, 'mp-refund');
    const declined = await postOrder(t.app, {
      token: token as string,
      payload: pickupBody(slot, [orderLine('p-causa-limena')], {
        payment_type: 'ONLINE_CARD',
        payment_token: await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'OTHE'),
        billing,
      }),
    });
    expect(declined.statusCode).toBe(400);
    const payment_token = await cardToken(fake.base, 'MERCADO_PAGO', '4111111111111111', 'APRO');
    const order = await place(token as string, { payment_type: 'ONLINE_CARD', payment_token, billing });
    expect(order.status).toBe('RECEIVED');
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v5/me/orders/${order.uid}/`,
          headers: auth(token as string),
          payload: { status: 'CANCELED_BY_USER' },
        }),
      ),
    );
    expect(cancels.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const charge = fake.fake.charges.get(order.payment.reference);
    expect(charge?.refundedCents).toBe(charge?.amountCents);
    const after = await t.app.inject({
      url: `/api/v5/me/orders/${order.uid}/`,
      headers: auth(token as string),
    });
    expect(after.json().payment).toMatchObject({ status: 'REFUNDED', refunded_amount: order.amount_due });
    await reconcilePayments(deps(), new Date(Date.now() + 5 * 60_000));
    expect(fake.fake.charges.get(order.payment.reference)?.refundedCents).toBe(charge?.amountCents);
  });
});

describe('Culqi events', () => {
  beforeAll(() => useProvider(t.db, 'CULQI'));

  const culqiEvent = (chargeId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v5/payments/culqi/demo-main/events/',
      headers: { host: 'localhost' },
      // As Culqi posts them: the charge as a JSON string in `data`.
      payload: {
        object: 'event',
        type: 'charge.creation.succeeded',
        data: JSON.stringify({ object: 'charge', id: chargeId }),
      },
    });

  it('a charge whose answer was lost: its events, duplicated and late, receive the order once', async () => {
    const [token] = await createMembers(t.db, 1, 'culqi-event');
    const payment_token = await cardToken(fake.base, 'CULQI');
    fake.fake.mode = { lostAnswer: true };
    const order = await place(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
    }).finally(() => {
      fake.fake.mode = {};
    });
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      payment: { status: 'PENDING', reference: null },
    });
    const charge = [...fake.fake.charges.values()].find((c) => c.orderUid === order.uid);
    if (!charge) throw new Error('the provider made no charge');
    const answers = await Promise.all([culqiEvent(charge.id), culqiEvent(charge.id), culqiEvent(charge.id)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await culqiEvent(charge.id)).statusCode).toBe(200);
    // An event naming a charge Culqi does not know changes nothing either.
    expect((await culqiEvent('chr_test_unknown')).statusCode).toBe(200);
    await statusBecomes(order.uid, 'RECEIVED');
    await eventsProcessed(t.db);
    const after = await t.app.inject({
      url: `/api/v5/me/orders/${order.uid}/`,
      headers: auth(token as string),
    });
    expect(after.json()).toMatchObject({
      status: 'RECEIVED',
      payment: { status: 'APPROVED', reference: charge.id },
    });
    expect(after.json().history.map((h: { to: string }) => h.to)).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
    expect(fake.fake.chargeCalls.filter((call) => call.orderUid === order.uid)).toHaveLength(1);
  });

  it('answers a burst of the same event before reading the charge back, and reads it at most twice', async () => {
    const [token] = await createMembers(t.db, 1, 'culqi-burst');
    const order = await place(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(fake.base, 'CULQI'),
      billing,
    });
    expect(order.status).toBe('RECEIVED');
    const reference = order.payment.reference as string;
    const reads = () => fake.fake.readCalls.filter((id) => id === reference).length;
    const before = reads();
    // Culqi slow to answer the read back: the events are answered without waiting for it.
    fake.fake.mode = { slowMs: 2000 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => culqiEvent(reference)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(reads() - before).toBe(0);
    await eventsProcessed(t.db);
    fake.fake.mode = {};
    // One read after the first, and at most one more for all those that came while it ran.
    expect(reads() - before).toBeGreaterThanOrEqual(1);
    expect(reads() - before).toBeLessThanOrEqual(2);
    expect(await statusOf(order.uid)).toBe('RECEIVED');
  });
});

describe('Culqi refunds from the admin', () => {
  beforeAll(() => useProvider(t.db, 'CULQI'));

  it('cancelling a paid order in the admin refunds it once, through the provider', async () => {
    const owner = await issueToken(t.db, { uid: OWNER_UID, appUid: 'demo' });
    const [token] = await createMembers(t.db, 1, 'admin-refund');
    const payment_token = await cardToken(fake.base, 'CULQI');
    const order = await place(token as string, { payment_type: 'ONLINE_CARD', payment_token, billing });
    expect(order.status).toBe('RECEIVED');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/demo-main/orders/${order.uid}/`,
      headers: { host: 'admin.localhost', authorization: `Token ${owner}` },
      payload: { status: 'CANCELED_BY_PLACE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'REFUNDED', refunded_amount: order.amount_due });
    const charge = fake.fake.charges.get(order.payment.reference);
    expect(charge?.refundedCents).toBe(charge?.amountCents);
  });
});

describe('transfers', () => {
  it('answers where to send the money; staff of the place confirm it, or reject it and everything comes back', async () => {
    await setStockOf('p-causa-limena', 5);
    const [token] = await createMembers(t.db, 1, 'transfer');
    const order = await place(token as string, { payment_type: 'TRANSFER' });
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      payment: { method: 'TRANSFER', provider: null, status: 'PENDING' },
      transfer: { channel: 'Yape', number: '987654321' },
    });
    const board = await t.app.inject({ url: `/api/v5/retail/orders/?place=${PLACE}`, headers: auth(staff) });
    expect(board.json().results.map((o: { uid: string }) => o.uid)).not.toContain(order.uid);
    const typed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/me/orders/${order.uid}/payment/`,
      headers: auth(token as string),
      payload: { operation_number: 'OP-123456' },
    });
    expect(typed.json().payment.reference).toBe('OP-123456');
    const member = await t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${order.uid}/payment/`,
      headers: auth(token as string),
      payload: { operation_number: 'OP-123456' },
    });
    expect(member.statusCode).toBe(403);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${order.uid}/payment/`,
      headers: auth(staff),
      payload: { operation_number: 'OP-123456' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'RECEIVED', payment: { status: 'APPROVED' } });

    const other = await place(token as string, { payment_type: 'TRANSFER' });
    expect(await stockOf('p-causa-limena')).toBe(3);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${other.uid}/payment/`,
      headers: auth(staff),
      payload: { reject: true },
    });
    expect(rejected.json()).toMatchObject({ status: 'PAYMENT_FAILED', payment: { status: 'DECLINED' } });
    expect(await stockOf('p-causa-limena')).toBe(4);
  });

  it('an order unpaid after the hold expires and gives back what it took', async () => {
    await setStockOf('p-causa-limena', 5);
    const [token] = await createMembers(t.db, 1, 'expire');
    const order = await place(token as string, { payment_type: 'TRANSFER' });
    expect(await stockOf('p-causa-limena')).toBe(4);
    await reconcilePayments(deps(), new Date(Date.now() + 3 * 60_000));
    expect(await statusOf(order.uid)).toBe('PENDING_PAYMENT');
    await reconcilePayments(deps(), new Date(Date.now() + 16 * 60_000));
    expect(await statusOf(order.uid)).toBe('PAYMENT_EXPIRED');
    expect(await stockOf('p-causa-limena')).toBe(5);
  });
});
