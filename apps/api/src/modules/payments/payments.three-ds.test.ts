import { payments } from '@storefront/db/schema/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { paymentsTestApp } from './payments.test-app.ts';
import { THREE_DS_CARD } from './sandbox/fake-providers.ts';
import { TEST_KEYS } from './sandbox/fake-server.ts';

// Culqi's own Three-D Secure (decision 026): the charge answers `action_code: REVIEW`, the order waits
// with a CULQI_3DS action, the browser's Culqi3DS answers parameters for the token, and the member's
// step charges again with them (attempt 2), once however often it is posted.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let fake: typeof env.fake;
let t: typeof env.t;
let slot: Awaited<ReturnType<typeof firstSlot>>;

beforeAll(async () => {
  env = await paymentsTestApp();
  ({ fake, t } = env);
  slot = await firstSlot(t.app);
  await useProvider(t.db, 'CULQI');
  await setStock(t.db, PLACE, PRODUCT, 50);
}, 120_000);
afterAll(() => env?.close());

const stock = () => stockAt(t.db, PLACE, PRODUCT);

/** A member's order paid with the 3DS card: it waits for the 3DS step. */
async function orderAsking3ds(prefix: string) {
  const [token = ''] = await createMembers(t.db, 1, prefix);
  const paymentToken = await cardToken(fake.base, 'CULQI', THREE_DS_CARD);
  const res = await postOrder(t.app, {
    token,
    payload: pickupBody(slot, [orderLine(PRODUCT)], {
      payment_type: 'ONLINE_CARD',
      payment_token: paymentToken,
      billing,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json();
  expect(order.status).toBe('PENDING_PAYMENT');
  expect(order.payment).toMatchObject({ status: 'PENDING', action: { type: 'CULQI_3DS' } });
  return { token, order, paymentToken };
}

/** What Culqi3DS posts to the page once the bank passed the card (the stand-in asks the fake). */
async function parameters3ds(paymentToken: string) {
  const res = await fetch(`${fake.culqiUrl}/3ds/authentications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEYS.culqi.publicKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ token_id: paymentToken, email: billing.email, amount: 1000 }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { parameters3DS: Record<string, string> }).parameters3DS;
}

const post3ds = (token: string, orderUid: string, authentication_3ds: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v5/me/orders/${orderUid}/payment/`,
    headers: auth(token),
    payload: { authentication_3ds },
  });

const paymentRow = async (orderUid: string) =>
  (await t.db.select().from(payments).where(eq(payments.orderUid, orderUid)))[0];
const chargesOf = (orderUid: string) => fake.fake.chargeCalls.filter((call) => call.orderUid === orderUid);

describe('Culqi 3DS', () => {
  it('charges again with the parameters of its library: approved, the order received', async () => {
    const { token, order, paymentToken } = await orderAsking3ds('tds-ok');
    const res = await post3ds(token, order.uid, await parameters3ds(paymentToken));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'RECEIVED',
      payment: { status: 'APPROVED', action: null, last4: '3220' },
    });
    expect(chargesOf(order.uid)).toHaveLength(2);
    expect((await paymentRow(order.uid))?.attempts).toBe(2);
    const charge = fake.fake.charges.get(res.json().payment.reference);
    expect(charge).toMatchObject({ status: 'approved', orderUid: order.uid });
  });

  it('refuses malformed parameters before any charge, the order still waiting for them', async () => {
    const { token, order, paymentToken } = await orderAsking3ds('tds-bad');
    const before = await stock();
    const good = await parameters3ds(paymentToken);
    for (const bad of [
      {},
      { ...good, eci: 'x5' },
      { ...good, cavv: '' },
      { ...good, protocolVersion: 'two' },
      { ...good, extra: '1' },
      'not-an-object',
    ]) {
      const res = await post3ds(token, order.uid, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      for (const key of Object.keys(res.json())) expect(key).toMatch(/^authentication_3ds/);
    }
    expect(chargesOf(order.uid)).toHaveLength(1);
    expect(await paymentRow(order.uid)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      action: { type: 'CULQI_3DS' },
    });
    expect(await stock()).toBe(before);
    // The right ones still pay.
    expect((await post3ds(token, order.uid, good)).json().status).toBe('RECEIVED');
  });

  it('parameters its library did not give for this card: Culqi refuses them and the card is not charged', async () => {
    const { token, order, paymentToken } = await orderAsking3ds('tds-forged');
    const before = await stock();
    const real = await parameters3ds(paymentToken);
    const res = await post3ds(token, order.uid, { ...real, cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().non_field_errors).toContain('No pudimos autenticar tu tarjeta con tu banco.');
    const charged = [...fake.fake.charges.values()].filter((charge) => charge.orderUid === order.uid);
    expect(charged).toEqual([]);
    // Declined, the order gave its stock back.
    expect(await stock()).toBe(Number(before) + 1);
  });

  it('the same 3DS post ten times at once charges once', async () => {
    const { token, order, paymentToken } = await orderAsking3ds('tds-many');
    const parameters = await parameters3ds(paymentToken);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post3ds(token, order.uid, parameters)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.some((res) => res.json().status === 'RECEIVED')).toBe(true);
    // One charge after the 3DS step, besides the first that asked for it.
    expect(chargesOf(order.uid)).toHaveLength(2);
    expect([...fake.fake.charges.values()].filter((charge) => charge.orderUid === order.uid)).toHaveLength(1);
    expect(await paymentRow(order.uid)).toMatchObject({ status: 'APPROVED', attempts: 2 });
    // Posted again once settled: the order as it is now, nothing charged.
    const again = await post3ds(token, order.uid, parameters);
    expect(again.json().status).toBe('RECEIVED');
    expect(chargesOf(order.uid)).toHaveLength(2);
  });

  it('the stand-in library’s API refuses another public key, as Culqi does', async () => {
    const paymentToken = await cardToken(fake.base, 'CULQI', THREE_DS_CARD);
    const res = await fetch(`${fake.culqiUrl}/3ds/authentications`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_not_ours', 'content-type': 'application/json' },
      body: JSON.stringify({ token_id: paymentToken }),
    });
    expect(res.status).toBe(401);
  });

  it('names Culqi’s 3DS library on the payment settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v5/places/${PLACE}/payment-settings/` });
    expect(res.json()).toMatchObject({ provider: 'CULQI', three_ds_url: 'http://127.0.0.1:9/3ds' });
  });
});
