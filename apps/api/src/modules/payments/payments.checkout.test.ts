import { once } from 'node:events';
import { ERRORS } from '@storefront/contracts/errors';
import { mailOutbox } from '@storefront/db/schema/accounts';
import { orders } from '@storefront/db/schema/orders';
import { companyPaymentSettings, payments } from '@storefront/db/schema/payments';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments, SETTLE_AFTER_MS } from './payments.reconcile.ts';
import { anyProviderSet } from './payments.repository.ts';
import { PROVIDER_TIMEOUT_MS } from './providers/provider.ts';
import { DECLINE_MESSAGE, DECLINED_CARD } from './sandbox/fake-providers.ts';
import { startFakeProviders } from './sandbox/fake-server.ts';

// Architecture §10 checkout: the order is written PENDING_PAYMENT with its payment, charged after the
// commit against a local fake of the provider, and becomes RECEIVED or PAYMENT_FAILED (given back).

const PLACE = 'place-miraflores';

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    config: { CULQI_API_URL: fake.culqiUrl, MERCADOPAGO_API_URL: fake.mercadopagoUrl },
  });
  slot = await firstSlot(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.fake.mode = {};
});

const stockOf = (product: string) => stockAt(t.db, PLACE, product);

async function cardOrder(token: string, card: string, extra: Record<string, unknown> = {}, headers = {}) {
  const payment_token = await cardToken(fake.base, 'CULQI', card);
  return postOrder(t.app, {
    token,
    headers,
    payload: pickupBody(slot, [orderLine('p-causa-limena')], {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
      ...extra,
    }),
  });
}

describe('card checkout with Culqi', () => {
  beforeAll(() => useProvider(t.db, 'CULQI'));

  it('charges an approved card after the commit: 201 RECEIVED, with the charge on the order', async () => {
    const [token] = await createMembers(t.db, 1, 'card-ok');
    const calls = fake.fake.chargeCalls.length;
    const res = await cardOrder(token as string, '4111111111111111');
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order.status).toBe('RECEIVED');
    expect(order.payment).toMatchObject({
      method: 'ONLINE_CARD',
      provider: 'CULQI',
      status: 'APPROVED',
      amount: order.amount_due,
      card_brand: 'Visa',
      last4: '1111',
    });
    expect(order.payment.reference).toMatch(/^chr_test_/);
    expect(fake.fake.chargeCalls.slice(calls)).toEqual([
      { provider: 'culqi', orderUid: order.uid, key: null },
    ]);
    const charge = fake.fake.charges.get(order.payment.reference);
    expect(charge?.amountCents).toBe(Math.round(Number(order.amount_due) * 100));
    // Paid, the order enters RECEIVED: its receipt is queued then, and only once (decision 028).
    const receipts = await t.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%recibimos tu pedido #${order.number}`));
    expect(receipts).toHaveLength(1);
    // The receipt names how it was paid, in words, and asks nothing more at the door.
    expect(receipts[0]?.text).toContain('Pago: Tarjeta de crédito o débito\n');
    expect(receipts[0]?.text).not.toContain('Por pagar');
  });

  it("lists a member's orders with each one's payment, and nothing for a member without orders", async () => {
    const [token, newcomer] = await createMembers(t.db, 2, 'card-list');
    const paid = await cardOrder(token as string, '4111111111111111');
    expect(paid.statusCode, paid.body).toBe(201);
    const list = await t.app.inject({ url: '/api/v5/me/orders/', headers: auth(token as string) });
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          uid: paid.json().uid,
          status: 'RECEIVED',
          payment: { method: 'ONLINE_CARD', provider: 'CULQI', status: 'APPROVED', last4: '1111' },
        },
      ],
    });
    const none = await t.app.inject({ url: '/api/v5/me/orders/', headers: auth(newcomer as string) });
    expect(none.json()).toMatchObject({ count: 0, results: [] });
  });

  it('declines: 400 with the spec message and the provider’s, the order PAYMENT_FAILED and its stock back', async () => {
    const [token] = await createMembers(t.db, 1, 'card-no');
    await setStock(t.db, PLACE, 'p-causa-limena', 10);
    for (const [language, message] of [
      ['es', ERRORS.CARD_NOT_PROCESSED.es],
      ['en', ERRORS.CARD_NOT_PROCESSED.en],
    ] as const) {
      const res = await cardOrder(token as string, DECLINED_CARD, {}, { 'accept-language': language });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().non_field_errors).toEqual([message, DECLINE_MESSAGE]);
    }
    expect(await stockOf('p-causa-limena')).toBe(10);
    const failed = await t.db.select().from(orders).where(eq(orders.status, 'PAYMENT_FAILED'));
    expect(failed.length).toBeGreaterThanOrEqual(2);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderUid, failed[0]?.uid ?? ''));
    expect(payment).toMatchObject({ status: 'DECLINED', message: DECLINE_MESSAGE, token: null });
  });

  it('refuses a card without a token or billing, and a place without the method, writing nothing', async () => {
    const [token] = await createMembers(t.db, 1, 'card-bad');
    const before = (await t.db.select().from(orders)).length;
    const noToken = await postOrder(t.app, {
      token: token as string,
      payload: pickupBody(slot, [orderLine('p-causa-limena')], { payment_type: 'ONLINE_CARD', billing }),
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().payment_token).toBeDefined();
    const noBilling = await cardOrder(token as string, '4111111111111111', { billing: undefined });
    expect(noBilling.statusCode).toBe(400);
    expect(noBilling.json().billing).toBeDefined();
    const cayma = await postOrder(t.app, {
      token: token as string,
      place: 'place-cayma',
      payload: {
        ...pickupBody(await firstSlot(t.app, 'place-cayma'), [orderLine('p-causa-limena')]),
        payment_type: 'ONLINE_CARD',
        payment_token: 'tkn_x',
        billing,
      },
    });
    expect(cayma.statusCode).toBe(400);
    expect((await t.db.select().from(orders)).length).toBe(before);
  });

  it('sends the decrypted secret key: a wrong one is refused by either provider and nothing is charged', async () => {
    for (const provider of ['CULQI', 'MERCADO_PAGO'] as const) {
      await useProvider(t.db, provider, `${provider === 'CULQI' ? 'sk_test' : 'TEST'}-not-the-right-key`);
      try {
        const [token] = await createMembers(t.db, 1, `card-key-${provider}`);
        const chargesBefore = fake.fake.charges.size;
        const res = await postOrder(t.app, {
          token: token as string,
          payload: pickupBody(slot, [orderLine('p-causa-limena')], {
            payment_type: 'ONLINE_CARD',
            payment_token: await cardToken(fake.base, provider, '4111111111111111', 'APRO'),
            billing,
          }),
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
        expect(fake.fake.charges.size).toBe(chargesBefore);
      } finally {
        await useProvider(t.db, 'CULQI');
      }
    }
  });

  it('30 buyers by card for a product with stock 3: exactly 3 charges approved and 3 orders received', async () => {
    await setStock(t.db, PLACE, 'p-papa-a-la-huancaina', 3);
    const buyers = await createMembers(t.db, 30, 'rush');
    const tokens = await Promise.all(buyers.map(() => cardToken(fake.base, 'CULQI')));
    const charged = new Set(fake.fake.charges.keys());
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        postOrder(t.app, {
          token: buyer,
          payload: pickupBody(slot, [orderLine('p-papa-a-la-huancaina')], {
            payment_type: 'ONLINE_CARD',
            payment_token: tokens[i],
            billing,
          }),
        }),
      ),
    );
    const received = answers.filter((res) => res.statusCode === 201);
    expect(received.map((res) => res.json().status)).toEqual(['RECEIVED', 'RECEIVED', 'RECEIVED']);
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(27);
    const newCharges = [...fake.fake.charges.values()].filter((c) => !charged.has(c.id));
    expect(newCharges.filter((c) => c.status === 'approved')).toHaveLength(3);
    expect(new Set(newCharges.map((c) => c.orderUid))).toEqual(
      new Set(received.map((res) => res.json().uid)),
    );
    expect(await stockOf('p-papa-a-la-huancaina')).toBe(0);
  });

  it('20 concurrent requests with one Idempotency-Key: one order, one charge', async () => {
    const [token] = await createMembers(t.db, 1, 'same-key');
    const payment_token = await cardToken(fake.base, 'CULQI');
    const calls = fake.fake.chargeCalls.length;
    const body = pickupBody(slot, [orderLine('p-causa-limena')], {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postOrder(t.app, {
          token: token as string,
          headers: { 'idempotency-key': 'pay-once' },
          payload: body,
        }),
      ),
    );
    const created = answers.filter((res) => res.statusCode === 201).map((res) => res.json().uid);
    expect(new Set(created).size).toBe(1);
    expect(answers.every((res) => res.statusCode === 201 || res.statusCode === 422)).toBe(true);
    expect(fake.fake.chargeCalls.slice(calls)).toHaveLength(1);
    const replay = await postOrder(t.app, {
      token: token as string,
      headers: { 'idempotency-key': 'pay-once' },
      payload: body,
    });
    expect(replay.json()).toMatchObject({ uid: created[0], status: 'RECEIVED' });
    expect(fake.fake.chargeCalls.slice(calls)).toHaveLength(1);
  });

  it('a replay while the first charge is on its way asks the provider nothing and answers the order as it is', async () => {
    const [token] = await createMembers(t.db, 1, 'replay-in-flight');
    const payment_token = await cardToken(fake.base, 'CULQI');
    const calls = fake.fake.chargeCalls.length;
    let release = () => {};
    fake.fake.mode = { holdCharges: new Promise<void>((resolve) => (release = resolve)) };
    const send = () =>
      postOrder(t.app, {
        token: token as string,
        headers: { 'idempotency-key': 'in-flight' },
        payload: pickupBody(slot, [orderLine('p-causa-limena')], {
          payment_type: 'ONLINE_CARD',
          payment_token,
          billing,
        }),
      });
    const charging = once(fake.fake.arrivals, 'charge');
    const first = send();
    await charging;
    // The replay must answer by itself; a second charge arriving instead is the double charge.
    const replay = send();
    const winner = await Promise.race([
      replay.then(() => 'replay answered'),
      once(fake.fake.arrivals, 'charge').then(() => 'charged again'),
    ]);
    release();
    expect(winner).toBe('replay answered');
    expect((await replay).json()).toMatchObject({
      status: 'PENDING_PAYMENT',
      payment: { status: 'PENDING' },
    });
    const placed = (await first).json();
    expect(placed).toMatchObject({ status: 'RECEIVED', payment: { status: 'APPROVED' } });
    expect((await replay).json().uid).toBe(placed.uid);
    expect(fake.fake.chargeCalls.slice(calls)).toEqual([
      { provider: 'culqi', orderUid: placed.uid, key: null },
    ]);
  });
});

describe('the provider slow or failing', () => {
  beforeAll(() => useProvider(t.db, 'CULQI'));

  const deps = () => ({ db: t.db, config: t.app.config, log: t.app.log });
  const chargesOf = (orderUid: string) =>
    [...fake.fake.charges.values()].filter((charge) => charge.orderUid === orderUid);
  /** A card order placed while the provider behaves as `mode` says (its token made before). */
  const order = async (name: string, mode: typeof fake.fake.mode) => {
    const [token] = await createMembers(t.db, 1, name);
    const payment_token = await cardToken(fake.base, 'CULQI');
    fake.fake.mode = mode;
    const res = await postOrder(t.app, {
      token: token as string,
      payload: pickupBody(slot, [orderLine('p-causa-limena')], {
        payment_type: 'ONLINE_CARD',
        payment_token,
        billing,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('down: 201 PENDING_PAYMENT, then the reconciliation charges it once when it is back', async () => {
    const pending = await order('down', { down: true });
    expect(pending).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    fake.fake.mode = {};
    const later = new Date(Date.now() + SETTLE_AFTER_MS + 1000);
    await reconcilePayments(deps(), later);
    await reconcilePayments(deps(), later);
    // The first call answered 500 before charging; the reconciliation found no charge, then charged once.
    expect(chargesOf(pending.uid)).toHaveLength(1);
    expect(fake.fake.chargeCalls.filter((call) => call.orderUid === pending.uid)).toHaveLength(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.uid, pending.uid));
    expect(row?.status).toBe('RECEIVED');
  });

  it('slower than the timeout: 201 PENDING_PAYMENT; the charge it made late is applied, not made again', async () => {
    const pending = await order('slow', { slowMs: PROVIDER_TIMEOUT_MS + 500 });
    // The member's page says "waiting for payment" (order-payment.tsx); nothing is known yet.
    expect(pending).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    // The provider charges after we gave up on it: wait for that charge itself.
    await vi.waitFor(() => expect(chargesOf(pending.uid)).toHaveLength(1), { timeout: 10_000 });
    fake.fake.mode = {};
    const later = new Date(Date.now() + SETTLE_AFTER_MS + 1000);
    await reconcilePayments(deps(), later);
    await reconcilePayments(deps(), later);
    const [row] = await t.db.select().from(orders).where(eq(orders.uid, pending.uid));
    expect(row?.status).toBe('RECEIVED');
    expect(fake.fake.chargeCalls.filter((call) => call.orderUid === pending.uid)).toHaveLength(1);
    expect(chargesOf(pending.uid)).toHaveLength(1);
  }, 30_000);

  it('charging but answering 500, then down past the hold: the order expires with its stock back, and the charge is refunded', async () => {
    await setStock(t.db, PLACE, 'p-causa-limena', 5);
    const pending = await order('lost', { lostAnswer: true });
    expect(pending).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    expect(await stockOf('p-causa-limena')).toBe(4);
    fake.fake.mode = { down: true };
    // Past the hold of 15 minutes.
    const afterHold = new Date(Date.now() + 16 * 60_000);
    await reconcilePayments(deps(), afterHold);
    const [expired] = await t.db.select().from(orders).where(eq(orders.uid, pending.uid));
    expect(expired?.status).toBe('PAYMENT_EXPIRED');
    expect(await stockOf('p-causa-limena')).toBe(5);
    // Back up: the reconciliation finds what the provider did, and gives that money back once.
    fake.fake.mode = {};
    await reconcilePayments(deps(), afterHold);
    await reconcilePayments(deps(), afterHold);
    const [charge] = chargesOf(pending.uid);
    expect(charge?.refundedCents).toBe(Math.round(Number(pending.amount_due) * 100));
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, pending.uid));
    expect(payment?.status).toBe('REFUNDED');
    expect(fake.fake.chargeCalls.filter((call) => call.orderUid === pending.uid)).toHaveLength(1);
  });
});

describe('GET payment-settings/', () => {
  const settingsOf = async (place: string) =>
    (await t.app.inject({ url: `/api/v5/places/${place}/payment-settings/` })).json();

  it("answers the place's own prepaid methods that its company can take now, and no secret", async () => {
    await useProvider(t.db, 'CULQI');
    const miraflores = await settingsOf(PLACE);
    expect(miraflores).toMatchObject({
      methods: ['ONLINE_CARD', 'YAPE', 'TRANSFER'],
      provider: 'CULQI',
      transfer: { channel: 'Yape', number: '987654321', holder: 'Demo Restaurantes SAC', qr_url: null },
    });
    expect(miraflores.public_key).toMatch(/^pk_/);
    expect(JSON.stringify(miraflores)).not.toMatch(/sk_|whsec_/);
    expect((await settingsOf('place-san-isidro')).methods).toEqual(['ONLINE_CARD', 'TRANSFER']);
    expect((await settingsOf('place-cayma')).methods).toEqual([]);
  });

  it('offers no Yape with Mercado Pago, and nothing online once the provider is off', async () => {
    await useProvider(t.db, 'MERCADO_PAGO');
    expect((await settingsOf(PLACE)).methods).toEqual(['ONLINE_CARD', 'TRANSFER']);
    await t.db.update(companyPaymentSettings).set({ enabled: false });
    const off = await settingsOf(PLACE);
    expect(off).toMatchObject({ methods: ['TRANSFER'], provider: null, public_key: null, script_url: null });
    await useProvider(t.db, 'CULQI');
  });

  it('knows whether any company has a provider set, as a production start asks before needing SECRETS_KEY', async () => {
    await t.db.update(companyPaymentSettings).set({ provider: null, enabled: false });
    expect(await anyProviderSet(t.db)).toBe(false);
    await useProvider(t.db, 'CULQI');
    expect(await anyProviderSet(t.db)).toBe(true);
  });

  it("answers 404 for another app's place", async () => {
    const answer = await t.app.inject({ url: '/api/v5/places/nope/payment-settings/' });
    expect(answer.statusCode).toBe(404);
  });
});
