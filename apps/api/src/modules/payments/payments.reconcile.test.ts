import { Writable } from 'node:stream';
import { orderStatusHistory, orders } from '@storefront/db/schema/orders';
import { companyPaymentSettings, payments } from '@storefront/db/schema/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
  setStock,
  stockAt,
} from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments } from './payments.reconcile.ts';
import { DECLINED_CARD } from './sandbox/fake-providers.ts';
import { startFakeProviders } from './sandbox/fake-server.ts';

// The periodic reconciliation (architecture §10), pass by pass, with every call to the provider counted:
// when a payment is asked about, what is asked (its charge by reference, or a search by order), when it
// is charged again or left alone, when it expires with everything given back, and that a refund that
// failed is tried again. The hold is 15 minutes and a payment is asked about after 2 (the spec's).

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const MINUTE = 60_000;
const HOLD = 15 * MINUTE;
const STOCK = 100;

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;
/** The warnings the reconciliation logged, as JSON lines. */
const warnings: Record<string, unknown>[] = [];

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    config: {
      CULQI_API_URL: fake.culqiUrl,
      MERCADOPAGO_API_URL: fake.mercadopagoUrl,
      PAYMENT_HOLD_MINUTES: 15,
    },
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
          done();
        },
      }),
    },
  });
  slot = await firstSlot(t.app);
  await useProvider(t.db, 'CULQI');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.fake.mode = {};
  await setStock(t.db, PLACE, PRODUCT, STOCK);
});

const deps = () => ({ db: t.db, config: t.app.config, log: t.app.log });
/** A pass at `ms` after `from`. */
const passAt = (from: Date, ms: number) => reconcilePayments(deps(), new Date(from.getTime() + ms));

const stock = () => stockAt(t.db, PLACE, PRODUCT);

/** The order, its payment and what the provider was asked about it since `calls()` was taken. */
async function stateOf(orderUid: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, orderUid));
  return { order: order?.status, payment: payment?.status, createdAt: order?.createdAt ?? new Date() };
}

/**
 * What the provider has been asked about the order since this call: its charges, reads of them by id,
 * and searches (by the order's amount: each test's order has its own, see `pendingOrder`).
 */
async function calls(orderUid: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, orderUid));
  const start = {
    charges: fake.fake.chargeCalls.length,
    reads: fake.fake.readCalls.length,
    searches: fake.fake.searchCalls.length,
  };
  const ids = () => [...fake.fake.charges.values()].filter((c) => c.orderUid === orderUid).map((c) => c.id);
  return () => ({
    charges: fake.fake.chargeCalls.slice(start.charges).filter((call) => call.orderUid === orderUid).length,
    reads: fake.fake.readCalls.slice(start.reads).filter((id) => ids().includes(id)),
    searches: fake.fake.searchCalls.slice(start.searches).filter((query) => {
      const params = new URLSearchParams(query);
      return (
        params.get('external_reference') === orderUid || params.get('amount') === String(payment?.amountCents)
      );
    }).length,
  });
}

/** Each order buys one more than the last, so that its amount (what the provider is searched by) is its own. */
let quantity = 0;

/**
 * A card order placed while the provider behaves as `mode` says: left PENDING_PAYMENT. On Mercado Pago
 * (`holder` CONT: in process) the demo company is moved to it for the order.
 */
async function pendingOrder(
  name: string,
  mode: typeof fake.fake.mode,
  card = '4111111111111111',
  provider: 'CULQI' | 'MERCADO_PAGO' = 'CULQI',
  holder?: string,
) {
  quantity += 1;
  const [token] = await createMembers(t.db, 1, name);
  const payment_token = await cardToken(fake.base, provider, card, holder);
  fake.fake.mode = mode;
  const res = await postOrder(t.app, {
    token: token as string,
    payload: pickupBody(slot, [orderLine(PRODUCT, quantity)], {
      payment_type: 'ONLINE_CARD',
      payment_token,
      billing,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT', payment: { status: 'PENDING' } });
  fake.fake.mode = {};
  const uid = res.json().uid as string;
  return { uid, createdAt: (await stateOf(uid)).createdAt, quantity };
}

describe('the reconciliation of a payment left pending', () => {
  it('asks nothing for two minutes, then charges a payment whose charge never reached the provider', async () => {
    const { uid, createdAt } = await pendingOrder('recon-wait', { down: true });
    const asked = await calls(uid);
    await passAt(createdAt, MINUTE);
    expect(asked()).toEqual({ charges: 0, reads: [], searches: 0 });
    expect(await stateOf(uid)).toMatchObject({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    // Past two minutes: its charges are searched (none), and it is charged again, once (the second
    // attempt searches again first, as any attempt after the first does).
    const pass = await passAt(createdAt, 2 * MINUTE + 1000);
    expect(pass.failures).toBe(0);
    expect(pass.looked).toBeGreaterThanOrEqual(1);
    expect(asked()).toEqual({ charges: 1, reads: [], searches: 2 });
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it('applies a charge the provider made but did not answer, found by the order, without charging again', async () => {
    const { uid, createdAt } = await pendingOrder('recon-lost', { lostAnswer: true });
    const asked = await calls(uid);
    await passAt(createdAt, 3 * MINUTE);
    expect(asked()).toEqual({ charges: 0, reads: [], searches: 1 });
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it("reads a payment's charge by its reference once it has one, searching nothing", async () => {
    const { uid, createdAt } = await pendingOrder('recon-ref', { lostAnswer: true });
    const [charge] = [...fake.fake.charges.values()].filter((c) => c.orderUid === uid);
    await t.db.update(payments).set({ reference: charge?.id }).where(eq(payments.orderUid, uid));
    const asked = await calls(uid);
    await passAt(createdAt, 3 * MINUTE);
    expect(asked()).toEqual({ charges: 0, reads: [charge?.id], searches: 0 });
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it('only reads a payment the provider holds in process: no search, no charge', async () => {
    await useProvider(t.db, 'MERCADO_PAGO');
    try {
      const { uid, createdAt } = await pendingOrder('recon-process', {}, undefined, 'MERCADO_PAGO', 'CONT');
      const [charge] = [...fake.fake.charges.values()].filter((c) => c.orderUid === uid);
      expect(charge?.status).toBe('in_process');
      const asked = await calls(uid);
      const pass = await passAt(createdAt, 3 * MINUTE);
      expect(pass.failures).toBe(0);
      expect(asked()).toEqual({ charges: 0, reads: [charge?.id], searches: 0 });
      expect(await stateOf(uid)).toMatchObject({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, uid));
      expect(payment?.attempts).toBe(1);
      // Approved at the provider meanwhile: the next pass reads it and the order is received.
      if (charge) charge.status = 'approved';
      await passAt(createdAt, 4 * MINUTE);
      expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
    } finally {
      await useProvider(t.db, 'CULQI');
    }
  });

  it('charges again, failing nothing, a payment whose reference the provider does not know', async () => {
    const { uid, createdAt } = await pendingOrder('recon-unknown', { down: true });
    await t.db.update(payments).set({ reference: 'chr_test_unknown' }).where(eq(payments.orderUid, uid));
    const asked = await calls(uid);
    const pass = await passAt(createdAt, 3 * MINUTE);
    expect(pass.failures).toBe(0);
    expect(asked()).toMatchObject({ charges: 1 });
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it('fails the order of a declined charge found by the order, and charges nothing again', async () => {
    const order = await pendingOrder('recon-declined', { lostAnswer: true }, DECLINED_CARD);
    const { uid, createdAt } = order;
    expect(await stock()).toBe(STOCK - order.quantity);
    const asked = await calls(uid);
    await passAt(createdAt, 3 * MINUTE);
    expect(asked()).toEqual({ charges: 0, reads: [], searches: 1 });
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_FAILED', payment: 'DECLINED' });
    expect(await stock()).toBe(STOCK);
  });

  it('charges a payment never asked (the process died after the commit) without searching first', async () => {
    const { uid, createdAt } = await pendingOrder('recon-crash', { down: true });
    await t.db.update(payments).set({ attempts: 0 }).where(eq(payments.orderUid, uid));
    const asked = await calls(uid);
    await passAt(createdAt, 3 * MINUTE);
    expect(asked()).toEqual({ charges: 1, reads: [], searches: 0 });
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });

  it('leaves alone a payment waiting for the member’s 3DS step', async () => {
    const { uid, createdAt } = await pendingOrder('recon-3ds', { down: true });
    await t.db
      .update(payments)
      .set({ action: { type: 'CULQI_3DS', url: null, creq: null } })
      .where(eq(payments.orderUid, uid));
    const asked = await calls(uid);
    await passAt(createdAt, 3 * MINUTE);
    expect(asked()).toEqual({ charges: 0, reads: [], searches: 1 });
    expect(await stateOf(uid)).toMatchObject({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    await passAt(createdAt, HOLD + 1);
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
  });

  it('asks nothing while the company has no provider on, and fails nothing', async () => {
    const { uid, createdAt } = await pendingOrder('recon-off', { down: true });
    await t.db.update(companyPaymentSettings).set({ enabled: false });
    try {
      const asked = await calls(uid);
      const pass = await passAt(createdAt, 3 * MINUTE);
      expect(pass.failures).toBe(0);
      expect(asked()).toEqual({ charges: 0, reads: [], searches: 0 });
      expect(await stateOf(uid)).toMatchObject({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    } finally {
      await useProvider(t.db, 'CULQI');
    }
    await passAt(createdAt, 3 * MINUTE);
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
  });
});

describe('the hold', () => {
  it('keeps a payment through its 15 minutes while the provider is down, counting the failure; expires it after', async () => {
    const order = await pendingOrder('recon-hold', { down: true });
    const { uid, createdAt } = order;
    expect(await stock()).toBe(STOCK - order.quantity);
    fake.fake.mode = { down: true };
    const seen = warnings.length;
    const within = await passAt(createdAt, HOLD);
    expect(within.failures).toBeGreaterThanOrEqual(1);
    expect(await stateOf(uid)).toMatchObject({ order: 'PENDING_PAYMENT', payment: 'PENDING' });
    expect(warnings.slice(seen)).toContainEqual(
      expect.objectContaining({ order: uid, msg: 'payment reconciliation', err: expect.any(String) }),
    );
    // A millisecond past the hold, the provider still down: it expires, with its stock back, and the
    // provider's silence is only a warning.
    const after = warnings.length;
    const past = await passAt(createdAt, HOLD + 1);
    expect(past.failures).toBe(0);
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
    expect(await stock()).toBe(STOCK);
    expect(warnings.slice(after)).toContainEqual(
      expect.objectContaining({ order: uid, msg: 'payment reconciliation' }),
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderUid, uid));
    expect(payment).toMatchObject({ token: null, action: null });
  });

  it('asks the provider before expiring: a charge approved but never answered, first looked at after the hold, receives the order', async () => {
    // The card was charged, the answer lost and no event came; the first pass is a minute past the hold.
    const order = await pendingOrder('recon-asked-first', { lostAnswer: true });
    const { uid, createdAt } = order;
    const [charge] = [...fake.fake.charges.values()].filter((c) => c.orderUid === uid);
    expect(charge?.status).toBe('approved');
    const pass = await passAt(createdAt, HOLD + MINUTE);
    expect(pass.failures).toBe(0);
    expect(await stateOf(uid)).toMatchObject({ order: 'RECEIVED', payment: 'APPROVED' });
    expect(charge?.refundedCents).toBe(0);
    expect(await stock()).toBe(STOCK - order.quantity);
    const history = await t.db
      .select({ status: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderUid, uid));
    expect(history.map((row) => row.status)).toEqual(['PENDING_PAYMENT', 'RECEIVED']);
  });

  it('expires an unpaid payment once, given back once, when two passes run at once', async () => {
    const order = await pendingOrder('recon-twice', { down: true });
    const { uid, createdAt } = order;
    await t.db.update(payments).set({ attempts: 0 }).where(eq(payments.orderUid, uid));
    expect(await stock()).toBe(STOCK - order.quantity);
    const passes = await Promise.all([passAt(createdAt, HOLD + 1), passAt(createdAt, HOLD + 1)]);
    expect(passes.map((pass) => pass.failures)).toEqual([0, 0]);
    expect(await stateOf(uid)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
    expect(await stock()).toBe(STOCK);
    const history = await t.db
      .select({ status: orderStatusHistory.toStatus, role: orderStatusHistory.actorRole })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderUid, uid));
    expect(history.filter((row) => row.status === 'PAYMENT_EXPIRED')).toEqual([
      { status: 'PAYMENT_EXPIRED', role: 'SYSTEM' },
    ]);
  });
});

describe('refunds', () => {
  it('tries again a refund left pending, once, then leaves it', async () => {
    const { uid, createdAt } = await pendingOrder('recon-refund', { lostAnswer: true });
    const [charge] = [...fake.fake.charges.values()].filter((c) => c.orderUid === uid);
    await passAt(createdAt, 3 * MINUTE);
    // As a refund whose provider call failed leaves it (payments.service.ts refundPayment).
    await t.db
      .update(payments)
      .set({ status: 'REFUND_PENDING', refundedCents: charge?.amountCents ?? 0 })
      .where(eq(payments.orderUid, uid));
    await passAt(createdAt, 4 * MINUTE);
    expect(charge?.refundedCents).toBe(charge?.amountCents);
    expect((await stateOf(uid)).payment).toBe('REFUNDED');
    await passAt(createdAt, 5 * MINUTE);
    expect(charge?.refundedCents).toBe(charge?.amountCents);
  });
});
