import { orders } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
  userData,
} from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments } from './payments.reconcile.ts';
import { chargeOrder } from './payments.service.ts';
import { paymentsTestApp } from './payments.test-app.ts';
import { TEST_KEYS } from './sandbox/fake-server.ts';

// What the reconciliation searches the provider by when a payment has no reference: the order's
// billing email (the charge's), or the member's when there is no billing (Yape); and the charges of
// a payment declined less than an hour ago, one of which may have landed after the decline.

const MINUTE = 60_000;

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;

beforeAll(async () => {
  env = await paymentsTestApp();
  slot = await firstSlot(env.t.app);
  await useProvider(env.t.db, 'CULQI');
}, 120_000);
afterAll(() => env?.close());
beforeEach(() => {
  env.fake.fake.mode = {};
});

const fake = () => env.fake.fake;
const deps = () => ({ db: env.t.db, config: env.t.app.config, log: env.t.app.log });
/** A pass of the reconciliation three minutes from now: every payment of this file is due. */
const pass = () => reconcilePayments(deps(), new Date(Date.now() + 3 * MINUTE));

async function stateOf(orderUid: string) {
  const [order] = await env.t.db.select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await env.t.db.select().from(payments).where(eq(payments.orderUid, orderUid));
  return { order: order?.status, payment: payment?.status };
}

/** A member's pickup order of `quantity` causas, placed while the fake provider is in `mode`. */
async function placeOrder(name: string, quantity: number, extra: Record<string, unknown>, mode: object) {
  const [token] = await createMembers(env.t.db, 1, name);
  fake().mode = mode;
  const res = await postOrder(env.t.app, {
    token: token as string,
    payload: pickupBody(slot, [orderLine('p-causa-limena', quantity)], extra),
  });
  fake().mode = {};
  return res;
}

/** An order whose charge the provider made but whose answer was lost: PENDING_PAYMENT. */
async function lostAnswerOrder(name: string, extra: Record<string, unknown>) {
  const res = await placeOrder(name, 1, extra, { lostAnswer: true });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
  return { uid: res.json().uid as string, amountCents: Math.round(Number(res.json().amount_due) * 100) };
}

const chargesOf = (orderUid: string, since: number) =>
  fake()
    .chargeCalls.slice(since)
    .filter((call) => call.orderUid === orderUid).length;

describe('the search for a charge whose answer was lost', () => {
  it('is by the billing email the charge was made with, not the member’s', async () => {
    const order = await lostAnswerOrder('search-billing', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'CULQI'),
      billing: { ...billing, email: 'facturas@empresa.pe' },
      user_data: { ...userData, email: 'socio.search@demo.pe' },
    });
    const calls = fake().chargeCalls.length;
    expect((await pass()).failures).toBe(0);
    expect(chargesOf(order.uid, calls)).toBe(0);
    expect(await stateOf(order.uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it('is by the member’s email for a Yape payment, which has no billing', async () => {
    const otp = await fetch(`${env.fake.culqiUrl}/v2/tokens/yape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.culqi.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number_phone: '900000002', otp: '123456', amount: '1000' }),
    });
    const order = await lostAnswerOrder('search-yape', {
      payment_type: 'YAPE',
      payment_token: ((await otp.json()) as { id: string }).id,
      user_data: { ...userData, email: 'yape.search@demo.pe' },
    });
    const calls = fake().chargeCalls.length;
    expect((await pass()).failures).toBe(0);
    expect(chargesOf(order.uid, calls)).toBe(0);
    expect(await stateOf(order.uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });
});

describe('a charge that lands after its payment was declined', () => {
  it('is found by the next pass and refunded, the order staying failed', async () => {
    // The first charge is on its way (the provider down for the checkout); the second attempt is
    // declined (its token no longer good), and then the first one lands, approved.
    const payment_token = await cardToken(env.fake.base, 'CULQI');
    const res = await placeOrder(
      'late-declined',
      2,
      { payment_type: 'ONLINE_CARD', payment_token, billing },
      { down: true },
    );
    const uid = res.json().uid as string;
    const amountCents = Math.round(Number(res.json().amount_due) * 100);
    const [payment] = await env.t.db.select().from(payments).where(eq(payments.orderUid, uid));
    await env.t.db.update(payments).set({ token: 'tkn_test_expired' }).where(eq(payments.orderUid, uid));
    await chargeOrder(deps(), uid);
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_FAILED', payment: 'DECLINED' });
    const landed = await fetch(`${env.fake.culqiUrl}/v2/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.culqi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: amountCents,
        email: billing.email,
        source_id: payment?.token,
        metadata: { order_uid: uid },
      }),
    });
    const id = ((await landed.json()) as { id: string }).id;
    expect((await pass()).failures).toBe(0);
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_FAILED', payment: 'REFUNDED' });
    expect(fake().charges.get(id)?.refundedCents).toBe(amountCents);
  });
});
