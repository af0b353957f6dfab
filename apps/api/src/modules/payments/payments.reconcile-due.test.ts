import { randomUUID } from 'node:crypto';
import { orders } from '@storefront/db/schema/orders';
import { payments } from '@storefront/db/schema/payments';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { paymentsTestApp } from './payments.test-app.ts';
import { DECLINED_CARD, THREE_DS_CARD } from './sandbox/fake-providers.ts';

// Issue 43 item 5: the reconciliation took 200 due payments in no order, and declined or expired ones
// stayed due for an hour: after 220 declined cards, a transfer order held its stock 6.7 minutes past a
// one-minute hold. Now a payment whose every charge was answered for good is finished and never looked
// at again, the oldest orders come first, and an order is due the moment its hold ends.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const MINUTE = 60_000;

let env: Awaited<ReturnType<typeof paymentsTestApp>>;
let slot: Awaited<ReturnType<typeof firstSlot>>;

beforeAll(async () => {
  env = await paymentsTestApp({ PAYMENT_HOLD_MINUTES: 1 });
  slot = await firstSlot(env.t.app);
  await useProvider(env.t.db, 'CULQI');
  await setStock(env.t.db, PLACE, PRODUCT, 100);
}, 120_000);
afterAll(() => env?.close());

const db = () => env.t.db;
const deps = () => ({ db: db(), config: env.t.app.config, log: env.t.app.log });
const passAt = (at: number) => reconcilePayments(deps(), new Date(at));

/** The uid of a member's new order, paid as `extra` says (a declined card's too, though its answer is a 400). */
async function placeOrder(name: string, extra: Record<string, unknown>) {
  const [token] = await createMembers(db(), 1, name);
  await postOrder(env.t.app, {
    token: token as string,
    payload: pickupBody(slot, [orderLine(PRODUCT)], extra),
  });
  const [newest] = await db()
    .select({ uid: orders.uid })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return newest?.uid ?? '';
}

async function stateOf(orderUid: string) {
  const [order] = await db().select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await db().select().from(payments).where(eq(payments.orderUid, orderUid));
  return { order: order?.status, payment: payment?.status, createdAt: order?.createdAt ?? new Date() };
}

let copies = 0;
/** `n` copies of an order and its payment as they stand, each its own order (uid and number). */
async function copiesOf(orderUid: string, n: number) {
  const [order] = await db().select().from(orders).where(eq(orders.uid, orderUid));
  const [payment] = await db().select().from(payments).where(eq(payments.orderUid, orderUid));
  if (!order || !payment) throw new Error(`no order ${orderUid}`);
  for (let done = 0; done < n; done += 250) {
    const batch = Array.from({ length: Math.min(250, n - done) }, () => {
      copies += 1;
      return { order: { ...order, uid: randomUUID(), number: 1_000_000 + copies }, payment };
    });
    await db()
      .insert(orders)
      .values(batch.map((copy) => copy.order));
    await db()
      .insert(payments)
      .values(batch.map((copy) => ({ ...copy.payment, uid: randomUUID(), orderUid: copy.order.uid })));
  }
}

describe('the payments the reconciliation looks at', () => {
  it('are not the finished ones: 1,000 of them do not delay one expiry', async () => {
    // 500 declined cards, and 500 3DS payments the member never completed, expired: every charge
    // asked was answered for good.
    const declined = await placeOrder('due-declined', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'CULQI', DECLINED_CARD),
      billing,
    });
    const abandoned = await placeOrder('due-3ds', {
      payment_type: 'ONLINE_CARD',
      payment_token: await cardToken(env.fake.base, 'CULQI', THREE_DS_CARD),
      billing,
    });
    await passAt(Date.now() + 2 * MINUTE);
    expect(await stateOf(declined)).toMatchObject({ order: 'PAYMENT_FAILED', payment: 'DECLINED' });
    expect(await stateOf(abandoned)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
    await copiesOf(declined, 500);
    await copiesOf(abandoned, 500);

    const stock = await stockAt(db(), PLACE, PRODUCT);
    const transfer = await placeOrder('due-transfer', { payment_type: 'TRANSFER' });
    expect(await stockAt(db(), PLACE, PRODUCT)).toBe((stock ?? 0) - 1);
    const { createdAt } = await stateOf(transfer);
    const asked = env.fake.fake.readCalls.length + env.fake.fake.searchCalls.length;
    // Within the hour a late charge is looked up for, and a millisecond past the transfer's hold.
    const pass = await passAt(createdAt.getTime() + MINUTE + 1);
    expect(pass).toEqual({ looked: 1, failures: 0 });
    expect(await stateOf(transfer)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
    expect(await stockAt(db(), PLACE, PRODUCT)).toBe(stock);
    expect(env.fake.fake.readCalls.length + env.fake.fake.searchCalls.length).toBe(asked);
  });

  it('are taken oldest first: an order past its hold behind 250 others due', async () => {
    const waiting = await placeOrder('due-waiting', { payment_type: 'TRANSFER' });
    await copiesOf(waiting, 250);
    // The oldest order, placed last: ten minutes ago, its payment untouched since.
    const oldest = await placeOrder('due-oldest', { payment_type: 'TRANSFER' });
    const tenMinutesAgo = sql`now() - interval '10 minutes'`;
    await db().update(orders).set({ createdAt: tenMinutesAgo }).where(eq(orders.uid, oldest));
    await db().update(payments).set({ updatedAt: tenMinutesAgo }).where(eq(payments.orderUid, oldest));
    // Every one of the 252 is due two minutes on; a pass takes 200.
    const pass = await passAt(Date.now() + 2 * MINUTE + 1000);
    expect(pass).toEqual({ looked: 200, failures: 0 });
    expect(await stateOf(oldest)).toMatchObject({ order: 'PAYMENT_EXPIRED', payment: 'EXPIRED' });
  });
});
