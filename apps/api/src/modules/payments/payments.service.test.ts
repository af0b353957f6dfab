import { AppError, ERRORS, FIELD_MESSAGES } from '@storefront/contracts/errors';
import { orders } from '@storefront/db/schema/orders';
import { companyPaymentSettings, payments } from '@storefront/db/schema/payments';
import { DEV_SECRETS_KEY, encryptSecret } from '@storefront/db/secrets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auth,
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
} from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import {
  applyCharge,
  chargeOrder,
  checkPrepaid,
  eventsUrl,
  handleEvent,
  needsProvider,
  refundPayment,
  transferOf,
} from './payments.service.ts';
import { paymentsTestApp } from './payments.test-app.ts';
import type { ProviderCharge } from './providers/provider.ts';
import { DECLINED_CARD } from './sandbox/fake-providers.ts';
import { TEST_KEYS } from './sandbox/fake-server.ts';

// The payment service's rules one by one, called as the checkout, the routes, the events and the
// reconciliation call them, against the local fake of the providers: what a member or the staff see of
// the order and its payment, and what the provider was asked (charges, reads, refunds).

const STAFF_UID = '0b9f3c52-6c1e-4d6f-9a53-4f1f2f9f0002';
/** 3DS parameters as Culqi's library answers them (of no charge that asked for them). */
const THREE_DS = {
  eci: '05',
  xid: 'eGlk',
  cavv: 'Y2F2dg==',
  protocolVersion: '2.2.0',
  directoryServerTransactionId: '6e1f1a5e-8a1b-4c2d-9e3f-0a1b2c3d4e5f',
};

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
let staff: string;

beforeAll(async () => {
  env = await paymentsTestApp();
  slot = await firstSlot(env.t.app);
  const { issueToken } = await import('../sessions/sessions.service.ts');
  staff = await issueToken(env.t.db, { uid: STAFF_UID, appUid: 'demo' });
}, 120_000);
afterAll(() => env?.close());
beforeEach(async () => {
  env.fake.fake.mode = {};
  await useProvider(env.t.db, 'CULQI');
});

const db = () => env.t.db;
const fake = () => env.fake.fake;
const deps = () => ({ db: env.t.db, config: env.t.app.config, log: env.t.app.log });

async function stateOf(orderUid: string) {
  const [order] = await db().select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await db().select().from(payments).where(eq(payments.orderUid, orderUid));
  return { order: order?.status, payment };
}

/** Charges the fake was asked for this order since `since` (a count of chargeCalls). */
const chargesOf = (orderUid: string, since = 0) =>
  fake()
    .chargeCalls.slice(since)
    .filter((call) => call.orderUid === orderUid).length;

const placeOrder = (token: string, extra: Record<string, unknown>) =>
  postOrder(env.t.app, { token, payload: pickupBody(slot, [orderLine('p-causa-limena')], extra) });

/** A card order placed while the provider is down: PENDING_PAYMENT, its payment PENDING with its token. */
async function pendingCardOrder(
  name: string,
  card = '4111111111111111',
  extra: Record<string, unknown> = {},
) {
  const [token] = await createMembers(db(), 1, name);
  const payment_token = await cardToken(env.fake.base, 'CULQI', card);
  fake().mode = { down: true };
  const res = await placeOrder(token as string, {
    payment_type: 'ONLINE_CARD',
    payment_token,
    billing,
    ...extra,
  });
  fake().mode = {};
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
  return { uid: res.json().uid as string, token: token as string, amountCents: amountOf(res.json()) };
}

/** A card order paid at once: RECEIVED, its payment APPROVED with the charge's reference. */
async function paidCardOrder(name: string) {
  const [token] = await createMembers(db(), 1, name);
  const res = await placeOrder(token as string, {
    payment_type: 'ONLINE_CARD',
    payment_token: await cardToken(env.fake.base, 'CULQI'),
    billing,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({
    status: 'RECEIVED',
    place: { name: 'Miraflores' },
    payment: { status: 'APPROVED' },
  });
  return {
    uid: res.json().uid as string,
    token: token as string,
    reference: res.json().payment.reference as string,
    amountCents: amountOf(res.json()),
  };
}

const amountOf = (order: { amount_due: string }) => Math.round(Number(order.amount_due) * 100);

/** A charge made at the fake Culqi for an order, as another request or process would have made it. */
async function chargeAtCulqi(orderUid: string, amountCents: number): Promise<string> {
  const res = await fetch(`${env.fake.culqiUrl}/v2/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEYS.culqi.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: amountCents,
      currency_code: 'PEN',
      email: billing.email,
      source_id: await cardToken(env.fake.base, 'CULQI'),
      metadata: { order_uid: orderUid },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const charge = (orderUid: string, fields: Partial<ProviderCharge>): ProviderCharge => ({
  state: 'APPROVED',
  reference: null,
  orderUid,
  amountCents: 0,
  currency: 'PEN',
  cardBrand: null,
  last4: null,
  message: null,
  action: null,
  ...fields,
});

const setPayment = (orderUid: string, fields: Partial<typeof payments.$inferInsert>) =>
  db().update(payments).set(fields).where(eq(payments.orderUid, orderUid));

describe('where a provider posts its events, and which methods need one', () => {
  it("is the site's own events path of the company, by provider; none without an origin", () => {
    expect(eventsUrl('https://pedidos.demo.pe', 'CULQI', 'demo main')).toBe(
      'https://pedidos.demo.pe/api/v5/payments/culqi/demo%20main/events/',
    );
    expect(eventsUrl('https://pedidos.demo.pe/', 'MERCADO_PAGO', 'demo-main')).toBe(
      'https://pedidos.demo.pe/api/v5/payments/mercadopago/demo-main/events/',
    );
    expect(eventsUrl(null, 'CULQI', 'demo-main')).toBeNull();
    expect(eventsUrl(undefined, 'MERCADO_PAGO', 'demo-main')).toBeNull();
    expect(eventsUrl('', 'CULQI', 'demo-main')).toBeNull();
  });

  it('needs a provider for a card and Yape, not for a transfer or cash', () => {
    expect(needsProvider('ONLINE_CARD')).toBe(true);
    expect(needsProvider('YAPE')).toBe(true);
    expect(needsProvider('TRANSFER')).toBe(false);
    expect(needsProvider('CASH')).toBe(false);
  });
});

describe('the transfer details a member is shown', () => {
  const settings = (fields: Record<string, unknown>) =>
    ({
      transferChannel: null,
      transferNumber: null,
      transferHolder: null,
      transferQrImageUid: null,
      ...fields,
    }) as Parameters<typeof transferOf>[0];

  it('are none without a number, and name the channel, holder and QR image as set', () => {
    expect(transferOf(null)).toBeNull();
    expect(transferOf(settings({ transferChannel: 'Yape', transferHolder: 'Demo SAC' }))).toBeNull();
    expect(transferOf(settings({ transferNumber: '987654321' }))).toEqual({
      channel: '',
      number: '987654321',
      holder: '',
      qr_url: null,
    });
    expect(
      transferOf(
        settings({
          transferNumber: '987654321',
          transferChannel: 'Plin',
          transferHolder: 'Demo SAC',
          transferQrImageUid: 'img-qr-1',
        }),
      ),
    ).toEqual({ channel: 'Plin', number: '987654321', holder: 'Demo SAC', qr_url: '/media/images/img-qr-1' });
  });
});

describe("the checkout's checks of a prepaid method", () => {
  const check = (body: Record<string, unknown>, company = 'demo-main', language: 'es' | 'en' = 'es') =>
    checkPrepaid(db(), company, body as Parameters<typeof checkPrepaid>[2], language);
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof AppError ? { code: error.code, fields: error.fields } : error),
    );
  const setSettings = (fields: Partial<typeof companyPaymentSettings.$inferInsert>) =>
    db().update(companyPaymentSettings).set(fields).where(eq(companyPaymentSettings.companyUid, 'demo-main'));

  it('asks nothing of cash, and takes a transfer only from a company with a transfer number', async () => {
    expect(await check({ payment_type: 'CASH' })).toBeNull();
    expect(await check({ payment_type: 'TRANSFER' })).toBeNull();
    // A company without payment settings at all, and one without the number.
    expect(await codeOf(check({ payment_type: 'TRANSFER' }, 'no-such-company'))).toEqual({
      code: 'PAYMENT_METHOD_NOT_ACCEPTED',
      fields: undefined,
    });
    const [kept] = await db()
      .select()
      .from(companyPaymentSettings)
      .where(eq(companyPaymentSettings.companyUid, 'demo-main'));
    await setSettings({ transferNumber: null });
    try {
      expect(await codeOf(check({ payment_type: 'TRANSFER' }))).toMatchObject({
        code: 'PAYMENT_METHOD_NOT_ACCEPTED',
      });
    } finally {
      await setSettings({ transferNumber: kept?.transferNumber });
    }
  });

  it('takes a card or Yape only from a company whose provider is set and on', async () => {
    const card = { payment_type: 'ONLINE_CARD', payment_token: 'tkn_x', billing };
    expect(await check(card)).toBe('CULQI');
    expect(await check({ payment_type: 'YAPE', payment_token: 'ype_x' })).toBe('CULQI');
    expect(await codeOf(check(card, 'no-such-company'))).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_ACCEPTED',
    });
    await setSettings({ enabled: false });
    expect(await codeOf(check(card))).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ACCEPTED' });
    await setSettings({ enabled: true, provider: null });
    expect(await codeOf(check(card))).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ACCEPTED' });
  });

  it("needs the provider's token, and billing for a card, in the member's language", async () => {
    expect(await codeOf(check({ payment_type: 'YAPE' }))).toEqual({
      code: 'VALIDATION',
      fields: { payment_token: [FIELD_MESSAGES.required.es] },
    });
    expect(
      await codeOf(check({ payment_type: 'ONLINE_CARD', payment_token: 'tkn_x' }, 'demo-main', 'en')),
    ).toEqual({ code: 'VALIDATION', fields: { billing: [FIELD_MESSAGES.required.en] } });
  });
});

describe('an order answered with its payment', () => {
  it('shows where to send the money only for a transfer still waiting', async () => {
    const [token] = await createMembers(db(), 1, 'answer-transfer');
    const transfer = await placeOrder(token as string, { payment_type: 'TRANSFER' });
    expect(transfer.json()).toMatchObject({
      status: 'PENDING_PAYMENT',
      transfer: { channel: 'Yape', number: '987654321' },
    });
    const card = await pendingCardOrder('answer-card');
    const read = (uid: string, who: string) =>
      env.t.app.inject({ url: `/api/v5/me/orders/${uid}/`, headers: auth(who) });
    // A card order waiting for its charge has no transfer details.
    expect((await read(card.uid, card.token)).json()).toMatchObject({
      status: 'PENDING_PAYMENT',
      payment: { method: 'ONLINE_CARD', status: 'PENDING' },
      transfer: null,
    });
    const confirmed = await env.t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${transfer.json().uid}/payment/`,
      headers: auth(staff),
      payload: { operation_number: 'OP-778899' },
    });
    expect(confirmed.json()).toMatchObject({ status: 'RECEIVED', transfer: null });
    expect((await read(transfer.json().uid, token as string)).json()).toMatchObject({
      status: 'RECEIVED',
      payment: { method: 'TRANSFER', status: 'APPROVED', reference: 'OP-778899' },
      transfer: null,
    });
  });

  it("lists a member's orders each with its own payment, and none on an order paid at the door", async () => {
    const [token] = await createMembers(db(), 1, 'answer-list');
    const cash = await placeOrder(token as string, {});
    expect(cash.statusCode, cash.body).toBe(201);
    const transfer = await placeOrder(token as string, { payment_type: 'TRANSFER' });
    const list = await env.t.app.inject({ url: '/api/v5/me/orders/', headers: auth(token as string) });
    const byUid = new Map(
      (list.json().results as { uid: string }[]).map((order) => [order.uid, order] as const),
    );
    expect(byUid.get(cash.json().uid)).toMatchObject({ payment: null, place: { name: 'Miraflores' } });
    expect(byUid.get(transfer.json().uid)).toMatchObject({
      payment: { method: 'TRANSFER', status: 'PENDING', amount: transfer.json().amount_due },
      transfer: null,
    });
  });
});

describe('charging an order', () => {
  it('charges nothing for an order paid at the door, or a transfer even when a token came with it', async () => {
    const [token] = await createMembers(db(), 1, 'charge-none');
    const calls = fake().chargeCalls.length;
    const cash = await placeOrder(token as string, {});
    await chargeOrder(deps(), cash.json().uid);
    const transfer = await placeOrder(token as string, {
      payment_type: 'TRANSFER',
      payment_token: await cardToken(env.fake.base, 'CULQI'),
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    await chargeOrder(deps(), transfer.json().uid);
    expect(fake().chargeCalls.length).toBe(calls);
    expect(await stateOf(transfer.json().uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { method: 'TRANSFER', status: 'PENDING' },
    });
  });

  it('takes 3DS parameters only for a payment whose charge asked for them', async () => {
    const order = await pendingCardOrder('charge-3ds-unasked');
    const calls = fake().chargeCalls.length;
    const res = await env.t.app.inject({
      method: 'POST',
      url: `/api/v5/me/orders/${order.uid}/payment/`,
      headers: auth(order.token),
      payload: { authentication_3ds: THREE_DS },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    expect(chargesOf(order.uid, calls)).toBe(0);
  });

  it('declines a payment whose company turned its provider off before the charge, giving everything back', async () => {
    const order = await pendingCardOrder('charge-off');
    await db().update(companyPaymentSettings).set({ enabled: false });
    const calls = fake().chargeCalls.length;
    await chargeOrder(deps(), order.uid);
    expect(chargesOf(order.uid, calls)).toBe(0);
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PAYMENT_FAILED',
      payment: { status: 'DECLINED', message: null, token: null, reference: null },
    });
    // Without the provider's words, the member reads the spec's message alone.
    const step = await env.t.app.inject({
      method: 'POST',
      url: `/api/v5/me/orders/${order.uid}/payment/`,
      headers: auth(order.token),
      payload: { authentication_3ds: THREE_DS },
    });
    expect(step.statusCode).toBe(400);
    expect(step.json()).toEqual({ non_field_errors: [ERRORS.CARD_NOT_PROCESSED.es] });
  });

  it("charges with the billing email, or the member's own when a Yape payment has no billing", async () => {
    const order = await pendingCardOrder('charge-email', '4111111111111111', {
      billing: { ...billing, email: 'facturas@empresa.pe' },
    });
    await chargeOrder(deps(), order.uid);
    const { payment } = await stateOf(order.uid);
    expect(payment?.status).toBe('APPROVED');
    expect(fake().charges.get(payment?.reference ?? '')?.email).toBe('facturas@empresa.pe');

    const [token] = await createMembers(db(), 1, 'charge-yape');
    const otp = await fetch(`${env.fake.culqiUrl}/v2/tokens/yape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.culqi.publicKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number_phone: '900000001', otp: '123456', amount: '1000' }),
    });
    const yape = await placeOrder(token as string, {
      payment_type: 'YAPE',
      payment_token: ((await otp.json()) as { id: string }).id,
      user_data: { ...(pickupBody(slot, []).user_data as object), email: 'yape@socio.pe' },
    });
    expect(yape.statusCode, yape.body).toBe(201);
    expect(yape.json()).toMatchObject({
      status: 'RECEIVED',
      payment: { method: 'YAPE', status: 'APPROVED' },
    });
    expect(fake().charges.get(yape.json().payment.reference)?.email).toBe('yape@socio.pe');
  });

  it('asks again only when the earlier charge is not approved or in process', async () => {
    // Mercado Pago holds the first charge in process: a second attempt finds it and charges nothing.
    await useProvider(db(), 'MERCADO_PAGO');
    const [token] = await createMembers(db(), 1, 'charge-again');
    const held = await placeOrder(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'MERCADO_PAGO', '4111111111111111', 'CONT'),
      billing,
    });
    expect(held.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    let calls = fake().chargeCalls.length;
    await chargeOrder(deps(), held.json().uid);
    expect(chargesOf(held.json().uid, calls)).toBe(0);
    expect(await stateOf(held.json().uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { attempts: 2 },
    });

    // A declined charge whose answer was lost: the next attempt asks the provider again.
    const otheToken = await cardToken(env.fake.base, 'MERCADO_PAGO', '4111111111111111', 'OTHE');
    fake().mode = { lostAnswer: true };
    const lost = await placeOrder(token as string, {
      payment_type: 'ONLINE_CARD',
      payment_token: otheToken,
      billing,
    });
    fake().mode = {};
    expect(lost.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
    const uid = lost.json().uid as string;
    calls = fake().chargeCalls.length;
    await chargeOrder(deps(), uid);
    expect(chargesOf(uid, calls)).toBe(1);
  });
});

describe('settling a payment with what the provider says', () => {
  it('changes nothing for an order without a payment, or with none at all', async () => {
    const [token] = await createMembers(db(), 1, 'apply-none');
    const cash = await placeOrder(token as string, {});
    await applyCharge(deps(), cash.json().uid, charge(cash.json().uid, { reference: 'chr_x' }));
    expect((await stateOf(cash.json().uid)).order).toBe(cash.json().status);
    await expect(
      applyCharge(deps(), '6e1f1a5e-8a1b-4c2d-9e3f-000000000000', charge('x', {})),
    ).resolves.toBeUndefined();
  });

  it('receives a waiting order on an approved charge, keeping the card it was paid with', async () => {
    const order = await pendingCardOrder('apply-ok');
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, {
        reference: 'chr_paid',
        cardBrand: 'Visa',
        last4: '4242',
        amountCents: order.amountCents,
      }),
    );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'RECEIVED',
      payment: { status: 'APPROVED', reference: 'chr_paid', cardBrand: 'Visa', last4: '4242', token: null },
    });
  });

  it('moves no payment that is not waiting, nor an order that stopped waiting', async () => {
    // A payment left PENDING (behind the server's back) on an order that was cancelled.
    const stopped = await pendingCardOrder('apply-stopped');
    await db().update(orders).set({ status: 'CANCELED_BY_USER' }).where(eq(orders.uid, stopped.uid));
    await setPayment(stopped.uid, { status: 'PENDING' });
    for (const state of ['PENDING', 'ACTION', 'DECLINED'] as const)
      await applyCharge(
        deps(),
        stopped.uid,
        charge(stopped.uid, {
          state,
          reference: 'chr_other',
          amountCents: stopped.amountCents,
          action: { type: 'CHALLENGE', url: null, creq: null },
        }),
      );
    expect(await stateOf(stopped.uid)).toMatchObject({
      order: 'CANCELED_BY_USER',
      payment: { status: 'PENDING', reference: null, action: null },
    });
    // An order still waiting whose payment was settled (behind the server's back).
    const settled = await pendingCardOrder('apply-settled');
    await setPayment(settled.uid, { status: 'EXPIRED' });
    await applyCharge(
      deps(),
      settled.uid,
      charge(settled.uid, { state: 'DECLINED', reference: 'chr_other', amountCents: settled.amountCents }),
    );
    expect(await stateOf(settled.uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { status: 'EXPIRED', reference: null },
    });
  });

  it('keeps a charge in process waiting with its 3DS step; a refund word moves only a refund in course', async () => {
    const order = await pendingCardOrder('apply-action');
    const action = { type: 'CHALLENGE', url: 'https://acs.example/challenge', creq: 'creq-1' } as const;
    const amountCents = order.amountCents;
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { state: 'ACTION', reference: 'mp-1', amountCents, action }),
    );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { status: 'PENDING', reference: 'mp-1', action },
    });
    // A refund the provider reports for a payment still waiting changes nothing.
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { state: 'REFUNDED', reference: 'mp-2', amountCents }),
    );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { status: 'PENDING', reference: 'mp-1', action },
    });
  });

  it('leaves a paid order paid whatever else the provider says of it, refunding nothing', async () => {
    const order = await paidCardOrder('apply-paid');
    for (const state of ['APPROVED', 'PENDING', 'ACTION', 'DECLINED', 'REFUNDED'] as const)
      await applyCharge(
        deps(),
        order.uid,
        charge(order.uid, {
          state,
          reference: order.reference,
          amountCents: order.amountCents,
          action: { type: 'CHALLENGE', url: null, creq: null },
        }),
      );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'RECEIVED',
      payment: { status: 'APPROVED', refundedCents: 0, action: null },
    });
    expect(fake().charges.get(order.reference)?.refundedCents).toBe(0);
  });

  it('refunds at once a charge approved after its order failed; one of another amount is left to staff', async () => {
    const order = await pendingCardOrder('apply-late', DECLINED_CARD);
    await chargeOrder(deps(), order.uid);
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PAYMENT_FAILED',
      payment: { status: 'DECLINED' },
    });
    // Another charge naming the order, of more than its amount, lands late: not its payment.
    const other = await chargeAtCulqi(order.uid, order.amountCents + 500);
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { reference: other, amountCents: order.amountCents + 500, last4: '1111' }),
    );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PAYMENT_FAILED',
      payment: {
        status: 'DECLINED',
        refundedCents: 0,
        mismatch: { reference: other, amountCents: order.amountCents + 500, currency: 'PEN' },
      },
    });
    expect(fake().charges.get(other)?.refundedCents).toBe(0);
    // Its own charge lands late: refunded whole.
    const late = await chargeAtCulqi(order.uid, order.amountCents);
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { reference: late, amountCents: order.amountCents, last4: '1111' }),
    );
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PAYMENT_FAILED',
      payment: { status: 'REFUNDED', reference: late, refundedCents: order.amountCents },
    });
    expect(fake().charges.get(late)?.refundedCents).toBe(order.amountCents);
  });

  it('does not refund twice a payment already in refund or refunded, and records the refund the provider reports', async () => {
    const order = await paidCardOrder('apply-refunding');
    await setPayment(order.uid, { status: 'REFUND_PENDING', refundedCents: order.amountCents });
    for (const state of ['APPROVED', 'PENDING', 'DECLINED'] as const)
      await applyCharge(
        deps(),
        order.uid,
        charge(order.uid, { state, reference: order.reference, amountCents: order.amountCents }),
      );
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUND_PENDING');
    expect(fake().charges.get(order.reference)?.refundedCents).toBe(0);
    // The provider reports the refund made: recorded, and a late approval after it refunds nothing more.
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { state: 'REFUNDED', reference: order.reference, amountCents: order.amountCents }),
    );
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUNDED');
    await applyCharge(
      deps(),
      order.uid,
      charge(order.uid, { reference: order.reference, amountCents: order.amountCents }),
    );
    expect(await stateOf(order.uid)).toMatchObject({ order: 'RECEIVED', payment: { status: 'REFUNDED' } });
    expect(fake().charges.get(order.reference)?.refundedCents).toBe(0);
  });
});

describe('refunding a payment', () => {
  it('waits while the company has no provider on, and records a refund the provider already made', async () => {
    const order = await paidCardOrder('refund-off');
    await setPayment(order.uid, { status: 'REFUND_PENDING', refundedCents: order.amountCents });
    await db().update(companyPaymentSettings).set({ enabled: false });
    await expect(refundPayment(deps(), order.uid)).resolves.toBeUndefined();
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUND_PENDING');
    await useProvider(db(), 'CULQI');
    // The refund went through before a crash: read back and only recorded, not made again.
    const refunded = await fetch(`${env.fake.culqiUrl}/v2/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.culqi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ charge_id: order.reference, amount: order.amountCents, reason: 'solicitud' }),
    });
    expect(refunded.status).toBe(201);
    await refundPayment(deps(), order.uid);
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUNDED');
    expect(fake().charges.get(order.reference)?.refundedCents).toBe(order.amountCents);
  });

  it('keeps a refund the provider could not take for the next pass', async () => {
    const order = await paidCardOrder('refund-down');
    await setPayment(order.uid, { status: 'REFUND_PENDING', refundedCents: order.amountCents });
    fake().mode = { down: true };
    await expect(refundPayment(deps(), order.uid)).resolves.toBeUndefined();
    fake().mode = {};
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUND_PENDING');
    await refundPayment(deps(), order.uid);
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUNDED');
    expect(fake().charges.get(order.reference)?.refundedCents).toBe(order.amountCents);
  });
});

describe("the member's payment step", () => {
  const step = (uid: string, token: string, payload: Record<string, unknown>, language = 'es') =>
    env.t.app.inject({
      method: 'POST',
      url: `/api/v5/me/orders/${uid}/payment/`,
      headers: auth(token, { 'accept-language': language }),
      payload,
    });

  it("is the member's own order only, and none for an order paid at the door", async () => {
    const [owner, other] = await createMembers(db(), 2, 'step-own');
    const transfer = await placeOrder(owner as string, { payment_type: 'TRANSFER' });
    const uid = transfer.json().uid as string;
    const stranger = await step(uid, other as string, { operation_number: 'OP-000111' });
    expect(stranger.statusCode).toBe(404);
    expect((await stateOf(uid)).payment?.reference).toBeNull();
    const unknown = await step('6e1f1a5e-8a1b-4c2d-9e3f-000000000000', owner as string, {
      operation_number: 'OP-000111',
    });
    expect(unknown.statusCode).toBe(404);
    const cash = await placeOrder(owner as string, {});
    const door = await step(cash.json().uid, owner as string, { operation_number: 'OP-000111' });
    expect(door.statusCode).toBe(400);
    expect(door.json().non_field_errors).toBeDefined();
  });

  it('asks a transfer for its operation number and a card for its 3DS parameters, in the member’s language', async () => {
    const [token] = await createMembers(db(), 1, 'step-fields');
    const transfer = await placeOrder(token as string, { payment_type: 'TRANSFER' });
    const none = await step(transfer.json().uid, token as string, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ operation_number: [FIELD_MESSAGES.required.es] });
    const card = await pendingCardOrder('step-card');
    const wrong = await step(card.uid, card.token, { operation_number: 'OP-000222' }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ authentication_3ds: [FIELD_MESSAGES.required.en] });
    expect((await stateOf(card.uid)).payment?.reference).toBeNull();
  });

  it('keeps the operation number of a transfer only while it waits', async () => {
    const [token] = await createMembers(db(), 1, 'step-late');
    const transfer = await placeOrder(token as string, { payment_type: 'TRANSFER' });
    const uid = transfer.json().uid as string;
    await env.t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${uid}/payment/`,
      headers: auth(staff),
      payload: { operation_number: 'OP-333444' },
    });
    const late = await step(uid, token as string, { operation_number: 'OP-999999' });
    expect(late.statusCode).toBe(400);
    expect((await stateOf(uid)).payment).toMatchObject({ status: 'APPROVED', reference: 'OP-333444' });
  });
});

describe('staff settling a transfer', () => {
  const settle = (uid: string, payload: Record<string, unknown>) =>
    env.t.app.inject({
      method: 'POST',
      url: `/api/v5/retail/orders/${uid}/payment/`,
      headers: auth(staff),
      payload,
    });

  it('cannot mark a card payment or an order paid at the door as paid', async () => {
    const card = await pendingCardOrder('staff-card');
    const confirmed = await settle(card.uid, { operation_number: 'OP-555666' });
    expect(confirmed.statusCode).toBe(400);
    const rejected = await settle(card.uid, { reject: true });
    expect(rejected.statusCode).toBe(400);
    expect(await stateOf(card.uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { status: 'PENDING' },
    });
    const [token] = await createMembers(db(), 1, 'staff-cash');
    const cash = await placeOrder(token as string, {});
    const door = await settle(cash.json().uid, { operation_number: 'OP-555666' });
    expect(door.statusCode).toBe(400);
    expect((await stateOf(cash.json().uid)).order).toBe(cash.json().status);
  });
});

describe("a provider's event", () => {
  /** The fake's key for Culqi on another company of another app (multi-cafe). */
  const otherCompanyOnFake = () =>
    db()
      .update(companyPaymentSettings)
      .set({
        provider: 'CULQI',
        enabled: true,
        secretKeyEncrypted: encryptSecret(DEV_SECRETS_KEY, TEST_KEYS.culqi.secretKey),
      })
      .where(eq(companyPaymentSettings.companyUid, 'multi-cafe'));

  it("applies a charge read back for the company's own order, and ignores another company's", async () => {
    const order = await pendingCardOrder('event-own');
    const id = await chargeAtCulqi(order.uid, order.amountCents);
    await otherCompanyOnFake();
    await handleEvent(deps(), 'multi-cafe', 'CULQI', id);
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'PENDING_PAYMENT',
      payment: { status: 'PENDING' },
    });
    await handleEvent(deps(), 'demo-main', 'CULQI', id);
    expect(await stateOf(order.uid)).toMatchObject({
      order: 'RECEIVED',
      payment: { status: 'APPROVED', reference: id },
    });
  });

  it('ignores a company without a provider, a charge the provider does not know, and one of no order here', async () => {
    const reads = fake().readCalls.length;
    await expect(handleEvent(deps(), 'no-such-company', 'CULQI', 'chr_test_x')).resolves.toBeUndefined();
    expect(fake().readCalls.length).toBe(reads);
    await expect(handleEvent(deps(), 'demo-main', 'CULQI', 'chr_test_unknown')).resolves.toBeUndefined();
    const stray = await chargeAtCulqi('6e1f1a5e-8a1b-4c2d-9e3f-000000000000', 1000);
    await expect(handleEvent(deps(), 'demo-main', 'CULQI', stray)).resolves.toBeUndefined();
  });

  it('records the refund of a payment in refund, and leaves a refunded one alone', async () => {
    const order = await paidCardOrder('event-refund');
    await setPayment(order.uid, { status: 'REFUND_PENDING', refundedCents: order.amountCents });
    await fetch(`${env.fake.culqiUrl}/v2/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.culqi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ charge_id: order.reference, amount: order.amountCents, reason: 'solicitud' }),
    });
    await handleEvent(deps(), 'demo-main', 'CULQI', order.reference);
    expect((await stateOf(order.uid)).payment?.status).toBe('REFUNDED');
  });
});
