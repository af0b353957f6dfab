import { orders } from '@storefront/db/schema/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMembers,
  firstSlot,
  orderLine,
  pickupBody,
  postOrder,
  setStock,
} from '../orders/orders.fixtures.ts';
import { billing, cardToken, useProvider } from './payments.fixtures.ts';
import { reconcilePayments } from './payments.reconcile.ts';
import { paymentsTestApp } from './payments.test-app.ts';

// Stock given back outside any storefront request (the reconciliation expiring a payment) shows at once
// in the reads kept for a minute (MENU_CACHE_SECONDS 60, the embedded database's default): the
// transition announces it (catalogue_events), as no request is there to drop the reads.

const PLACE = 'place-miraflores';
const PRODUCT = 'p-causa-limena';
const DETAIL = `/api/v7/places/${PLACE}/products/${PRODUCT}/`;
const HOLD_MS = 15 * 60_000;
const STOCK = 40;

let env: Awaited<ReturnType<typeof paymentsTestApp>>;

beforeAll(async () => {
  env = await paymentsTestApp({ MENU_CACHE_SECONDS: 60, PAYMENT_HOLD_MINUTES: 15 });
  await useProvider(env.t.db, 'CULQI');
  await setStock(env.t.db, PLACE, PRODUCT, STOCK);
}, 120_000);
afterAll(() => env?.close());

const stockShown = async () => {
  const res = await env.t.app.inject({ url: DETAIL, headers: { host: 'localhost' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().stock as number;
};

describe('stock given back by the reconciliation', () => {
  it('shows at once in the kept reads when a payment expires', async () => {
    const { t, fake } = env;
    expect(await stockShown()).toBe(STOCK);
    const [token = ''] = await createMembers(t.db, 1, 'recon-menu');
    const payment_token = await cardToken(fake.base, 'CULQI', '4111111111111111');
    // The provider down: the order waits for its payment, its stock taken.
    fake.fake.mode = { down: true };
    const res = await postOrder(t.app, {
      token,
      payload: pickupBody(await firstSlot(t.app), [orderLine(PRODUCT, 3)], {
        payment_type: 'ONLINE_CARD',
        payment_token,
        billing,
      }),
    });
    fake.fake.mode = {};
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING_PAYMENT' });
    expect(await stockShown()).toBe(STOCK - 3);

    const orderOf = async () => (await t.db.select().from(orders).where(eq(orders.uid, res.json().uid)))[0];
    const createdAt = (await orderOf())?.createdAt ?? new Date();
    const pastHold = new Date(createdAt.getTime() + HOLD_MS + 1);
    await reconcilePayments({ db: t.db, config: t.app.config, log: t.app.log }, pastHold);
    expect((await orderOf())?.status).toBe('PAYMENT_EXPIRED');
    // The notice arrives after the commit: the read waits for it, within the test's time, not the minute.
    while ((await stockShown()) !== STOCK) await new Promise((resolve) => setImmediate(resolve));
    expect(await stockShown()).toBe(STOCK);
  });
});
